import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Runs `work` as one write transaction: all of it is stored, or (when it throws) none of it.
 * Inside another transaction it is a savepoint of the outer one, all-or-nothing all the same,
 * so a store's own transactional writes can be grouped into one commit by their caller.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  const nested = db.isTransaction;
  db.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec(nested ? 'RELEASE nested' : 'COMMIT');
    return result;
  } catch (error) {
    // A full disk or an I/O error makes SQLite roll the whole transaction back itself; rolling
    // back again would throw "no transaction is active" in place of the cause the user needs.
    if (db.isTransaction) db.exec(nested ? 'ROLLBACK TO nested; RELEASE nested' : 'ROLLBACK');
    throw error;
  }
}

/**
 * Each statement compiled once per connection: node:sqlite's `prepare` compiles anew on every
 * call, and the history's hot paths (a Send writes four times) repeat the same few statements.
 */
export function statementCache(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
}
