import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { DISK_PROBLEMS, type DiskFault, sqliteFaultOf } from '../storage/disk-faults';
import { Problem } from '../../../../shared/domain/problem';

/** SQLite's primary result codes (extended codes carry them in the low byte). */
const SQLITE_READONLY = 8;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

const codeOf = (error: unknown) => {
  const code = (error as { errcode?: unknown })?.errcode;
  return typeof code === 'number' ? code & 0xff : null;
};

export const isDamage = (error: unknown) => codeOf(error) === SQLITE_CORRUPT || codeOf(error) === SQLITE_NOTADB;

/** What a call that met the damage throws: the repair has started, and the call can be tried again. */
export class HistoryDamaged extends Problem {
  constructor(
    readonly cause: unknown,
    readonly path: string,
  ) {
    super('history.repairing');
  }
}

/**
 * A write the disk refused, named by its cause with what to do, instead of SQLite's words:
 * "database or disk is full", "attempt to write a readonly database", "disk I/O error".
 */
export class StorageFault extends Problem {
  constructor(
    readonly cause: unknown,
    readonly kind: DiskFault,
    readonly path: string,
  ) {
    super(DISK_PROBLEMS[kind], { file: path });
  }
}

const STATEMENT_CALLS = new Set(['run', 'get', 'all', 'iterate']);

/**
 * Where the disk itself answers a statement, before SQLite runs it: what it throws is met exactly as SQLite's own error.
 * Production passes none; the integration tests pass one that fails like a disk (an I/O error cannot be made with a pragma).
 */
export type DiskProbe = (sql: string) => void;

/**
 * Makes every statement of `db` name a storage fault by its cause (StorageFault), and report damage (a corrupt page, a file that is no database any
 * more) to `onDamage` the moment any query meets it, once until the repair calls `repaired`, whichever store ran it, instead of each
 * caller showing SQLite's "database disk image is malformed" and writing on into the damaged file.
 * The connection stays a real DatabaseSync (node:sqlite's backup() takes no wrapper), so its
 * own prepare and exec are replaced on the instance.
 */
export function guardStorage(db: DatabaseSync, path: string, onDamage: (repaired: () => void) => void, probe?: DiskProbe): DatabaseSync {
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  let repairing = false;
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      // While the repair runs the connection is read-only, so a write can neither go into the
      // damaged file nor be overwritten by the repaired one: it is refused, with the same words.
      if (repairing && codeOf(error) === SQLITE_READONLY) throw new HistoryDamaged(error, path);
      const fault = sqliteFaultOf(error);
      if (fault) throw new StorageFault(error, fault, path);
      if (!isDamage(error)) throw error;
      if (!repairing) {
        repairing = true;
        exec('PRAGMA query_only = ON');
        onDamage(() => {
          exec('PRAGMA query_only = OFF');
          repairing = false;
        });
      }
      throw new HistoryDamaged(error, path);
    }
  };
  const wrap = (statement: StatementSync) =>
    new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        return STATEMENT_CALLS.has(property as string)
          ? (...args: unknown[]) =>
              guarded(() => {
                probe?.(target.sourceSQL);
                return (value as (...a: unknown[]) => unknown).apply(target, args);
              })
          : (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  Object.assign(db, {
    prepare: (sql: string) => guarded(() => wrap(prepare(sql))),
    exec: (sql: string) =>
      guarded(() => {
        probe?.(sql);
        return exec(sql);
      }),
  });
  return db;
}
