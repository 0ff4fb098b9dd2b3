import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../../../electron/core/services/storage/sqlite-transaction';

const rows = (db: DatabaseSync) => (db.prepare('SELECT v FROM t ORDER BY v').all() as { v: number }[]).map((row) => row.v);

describe('inTransaction', () => {
  it('inside another transaction, keeps its own all-or-nothing: a failed inner part leaves the outer one going', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v INTEGER)');
    inTransaction(db, () => {
      db.exec('INSERT INTO t VALUES (1)');
      expect(() =>
        inTransaction(db, () => {
          db.exec('INSERT INTO t VALUES (2)');
          throw new Error('inner failure');
        }),
      ).toThrow('inner failure');
      inTransaction(db, () => db.exec('INSERT INTO t VALUES (3)'));
    });
    expect(rows(db)).toEqual([1, 3]);
    expect(db.isTransaction).toBe(false);
  });

  it('rolls back the whole outer transaction when it throws', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v INTEGER)');
    expect(() =>
      inTransaction(db, () => {
        inTransaction(db, () => db.exec('INSERT INTO t VALUES (1)'));
        throw new Error('outer failure');
      }),
    ).toThrow('outer failure');
    expect(rows(db)).toEqual([]);
  });

  it('throws the cause when SQLite has already rolled back (a full disk), not "no transaction is active"', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (v INTEGER)');
    db.exec('INSERT INTO t VALUES (1)');
    // The database cannot grow past its current pages: the next pages' worth of writes fails with SQLITE_FULL.
    const pages = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    db.exec(`PRAGMA max_page_count = ${pages}`);
    const grow = () => {
      for (let i = 0; i < 10; i++) db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(4000));
    };
    expect(() => inTransaction(db, () => inTransaction(db, grow))).toThrow(/database or disk is full/);
    expect(db.isTransaction).toBe(false);
    expect(rows(db)).toEqual([1]);
  });
});
