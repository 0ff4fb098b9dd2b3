import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** SQLITE_CORRUPT and SQLITE_NOTADB, in their primary codes (extended codes carry them in the low byte). */
const DAMAGE = new Set([11, 26]);

export const isDamage = (error: unknown) =>
  typeof (error as { errcode?: unknown })?.errcode === 'number' && DAMAGE.has((error as { errcode: number }).errcode & 0xff);

/** What a call that met the damage throws: the repair has started, and the call can be tried again. */
export class HistoryDamaged extends Error {
  constructor(cause: unknown) {
    super('Confab found damage in your history file and is repairing it now: every conversation it can read is kept. Try again in a moment.', { cause });
  }
}

const SQLITE_READONLY = 8;
const STATEMENT_CALLS = new Set(['run', 'get', 'all', 'iterate']);

/**
 * Makes every statement of `db` report damage (a corrupt page, a file that is no database any
 * more) to `onDamage` the moment any query meets it, once until the repair calls `repaired`, whichever store ran it, instead of each
 * caller showing SQLite's "database disk image is malformed" and writing on into the damaged file.
 * The connection stays a real DatabaseSync (node:sqlite's backup() takes no wrapper), so its
 * own prepare and exec are replaced on the instance.
 */
export function guardDamage(db: DatabaseSync, onDamage: (repaired: () => void) => void): DatabaseSync {
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  let repairing = false;
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      // While the repair runs the connection is read-only, so a write can neither go into the
      // damaged file nor be overwritten by the repaired one: it is refused, with the same words.
      if (repairing && (error as { errcode?: number }).errcode === SQLITE_READONLY) throw new HistoryDamaged(error);
      if (!isDamage(error)) throw error;
      if (!repairing) {
        repairing = true;
        exec('PRAGMA query_only = ON');
        onDamage(() => {
          exec('PRAGMA query_only = OFF');
          repairing = false;
        });
      }
      throw new HistoryDamaged(error);
    }
  };
  const wrap = (statement: StatementSync) =>
    new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        return STATEMENT_CALLS.has(property as string)
          ? (...args: unknown[]) => guarded(() => (value as (...a: unknown[]) => unknown).apply(target, args))
          : (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  Object.assign(db, {
    prepare: (sql: string) => guarded(() => wrap(prepare(sql))),
    exec: (sql: string) => guarded(() => exec(sql)),
  });
  return db;
}
