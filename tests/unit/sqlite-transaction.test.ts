import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../electron/services/sqlite-transaction';

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
});
