import { existsSync, renameSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { log } from '../../log';
import { fullTextIndexes, quoted } from './history-tables';
import { PURGED_BY_OPTIMIZE } from './transcript-rows';
import { type BeforeMigrating, LATEST_VERSION, migrate } from './migrations';
import { type SalvageReport, describeSalvage, salvageHistory } from './salvage';
import { isDamage } from './storage-guard';
import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';

export interface OpenedDatabase {
  db: DatabaseSync;
  /** Set when the old file could not be used and was moved aside: what the page tells the user. */
  problem: ProblemData[] | null;
  /** Set when the old file was damaged and its readable rows were copied into this one. */
  salvaged: SalvageReport | null;
}

class UnusableDatabase extends Error {
  constructor(
    /** Why, for the notice. */
    readonly why: ProblemData,
    /** Damage rather than a file from a newer Confab, which is kept aside untouched. */
    readonly damaged = true,
  ) {
    super(why.code);
  }
}

const DAMAGED: ProblemData = { code: 'history_notice.damaged', values: {} };

/** The error's own words go to the log; the notice says only that the file could not be read. */
function unreadable(error: unknown): ProblemData {
  log.warn(`The history file could not be read: ${errorText(error)}`);
  return { code: 'history_notice.unreadable', values: {} };
}

/**
 * `thorough` runs SQLite's quick_check, which reads every page (a third of a second for
 * 100,000 messages), so it runs only after an unclean exit, when damage is plausible. A
 * clean start checks the header and schema, which is where a foreign or truncated file fails.
 */
function check(db: DatabaseSync, thorough: boolean): void {
  const version = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (version > LATEST_VERSION) {
    throw new UnusableDatabase({ code: 'history_notice.newer', values: { version, latest: LATEST_VERSION } }, false);
  }
  if (!thorough) {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return;
  }
  const result = (db.prepare('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
  if (result !== 'ok') {
    // SQLite's report names pages and trees: for the log, not for the user.
    log.warn(`History quick_check: ${result}`);
    throw new UnusableDatabase(DAMAGED);
  }
}

/**
 * FTS5 keeps a deleted row's words in its index segments until a merge happens to rewrite them;
 * its 'secure-delete' option (SQLite ≥ 3.42; node:sqlite has bundled 3.46 or later since it first
 * shipped) takes them out at the delete. It is kept in each index's config table, so it is set for
 * each index of the schema that lacks it: once after the migration that made it, or after a
 * salvage built it again. A disk that refuses the write leaves it for the next start rather than
 * keep Confab from opening.
 */
function secureFullTextDeletes(db: DatabaseSync): void {
  for (const index of fullTextIndexes(db)) {
    if (index === PURGED_BY_OPTIMIZE) continue;
    const set = db.prepare(`SELECT v FROM ${quoted(`${index}_config`)} WHERE k = 'secure-delete'`).get() as { v: unknown } | undefined;
    if (set?.v === 1) continue;
    try {
      db.prepare(`INSERT INTO ${quoted(index)} (${quoted(index)}, rank) VALUES ('secure-delete', 1)`).run();
    } catch (error) {
      if (isDamage(error)) throw error;
      log.warn(`FTS5 secure-delete could not be set on ${index}: ${errorText(error)}`);
    }
  }
}

function open(path: string, thorough: boolean, beforeMigrating?: BeforeMigrating, atStart?: (db: DatabaseSync) => void): DatabaseSync {
  const db = new DatabaseSync(path);
  try {
    // WAL: readers never block the writer, and a crash mid-write rolls back cleanly. secure_delete:
    // what the user deletes is overwritten with zeros in its page (and a freed page as a whole), so
    // no scan of the file (a salvage's, or anyone's) finds it again; deleting 500 conversations one
    // by one took the same time with it as without (about 1 ms each), the pages being written anyway.
    // journal_size_limit 0: the WAL, which holds older images of the pages written since the last
    // checkpoint, is cut back to nothing each time it starts over after one, not left at its largest.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA secure_delete = ON; PRAGMA journal_size_limit = 0;',
    );
    check(db, thorough);
    migrate(db, LATEST_VERSION, beforeMigrating);
  } catch (error) {
    db.close();
    throw error instanceof UnusableDatabase ? error : new UnusableDatabase(unreadable(error));
  }
  try {
    secureFullTextDeletes(db);
    atStart?.(db);
  } catch (error) {
    db.close();
    // The start's own writes read pages a clean start's check does not: damage they meet is
    // the file's, and is salvaged like damage found by the check; any other error is not.
    if (isDamage(error)) throw new UnusableDatabase(DAMAGED);
    throw error;
  }
  return db;
}

const withFiles = (path: string, each: (file: string, suffix: string) => void) => {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) each(path + suffix, suffix);
};

/**
 * Opens the history database, creating or migrating it. A file that is corrupt or from a
 * newer Confab is never deleted: it (and its WAL files) is renamed aside and the user is told
 * where. From a damaged file every readable row is copied into the new one first (salvage.ts),
 * so a history is never replaced by an empty one while rows can be read.
 */
export function openDatabase(
  path: string,
  /** `atStart`: the store's writes at every start (interrupted replies marked, deletions purged). */
  options: { thorough: boolean; beforeMigrating?: BeforeMigrating; atStart?: (db: DatabaseSync) => void },
  now = Date.now(),
): OpenedDatabase {
  try {
    return { db: open(path, options.thorough, options.beforeMigrating, options.atStart), problem: null, salvaged: null };
  } catch (error) {
    if (!(error instanceof UnusableDatabase)) throw error;
    const aside = `${path}.unusable-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
    withFiles(path, (file, suffix) => renameSync(file, aside + suffix));
    const salvaging = `${path}.salvaging`;
    withFiles(salvaging, (file) => rmSync(file));
    const salvaged = error.damaged ? salvageHistory(aside, salvaging) : null;
    if (salvaged) renameSync(salvaging, path);
    const problem: ProblemData[] =
      salvaged && !salvaged.unreadable
        ? [error.why, ...describeSalvage(salvaged), { code: 'history_notice.kept', values: { path: aside } }]
        : [error.why, { code: 'history_notice.started_empty', values: { path: aside } }];
    return { db: open(path, false, undefined, options.atStart), problem, salvaged };
  }
}
