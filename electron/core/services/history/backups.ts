import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, backup } from 'node:sqlite';
import type { BackupInfo } from '../../../../shared/contract/history';
import { log } from '../../log';
import type { BeforeMigrating } from './migrations';
import { StorageFault } from './storage-guard';
import { type DiskFault, diskFaultOf, sqliteFaultOf } from '../storage/disk-faults';
import { Problem } from '../../../../shared/domain/problem';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/**
 * How long a backup is waited for. A history of a GB copies in well under a minute; a disk that
 * stops answering (a network or USB drive) would otherwise hold Settings' Back up now, the hourly
 * backups and the quit for ever, since SQLite's copy cannot be cancelled.
 */
const LIMIT = 5 * 60 * 1000;
/** How long the quit waits for a copy still running: a stuck disk must not hold the quit for ever. */
const SETTLE = 10 * 1000;
/** Beside a backup a repair merged: it stays out of the rotation until the user has seen the repair's notice. */
const KEPT_FOR_NOTICE = '.kept-for-notice';
/** history-<ISO time with - for :>[-before-vN].sqlite: the name alone says when and why. */
const NAME = /^history-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)(-before-v\d+)?\.sqlite$/;

const stamp = (at: number) => new Date(at).toISOString().replace(/[:.]/g, '-');
const timeOf = (name: string) => {
  const [date, time] = NAME.exec(name)![1]!.split('T') as [string, string];
  const [h, m, s, ms] = time.replace('Z', '').split('-');
  return Date.parse(`${date}T${h}:${m}:${s}.${ms}Z`);
};

function count(db: DatabaseSync, sql: string): number {
  try {
    return Number((db.prepare(sql).get() as { n: number }).n);
  } catch {
    // A backup from before that table (or column) existed holds none.
    return 0;
  }
}

/**
 * A backup is one self-contained file: the copy inherits the live database's WAL mode, in which
 * even a read-only open leaves -wal and -shm files beside it, so it is switched to a rollback journal.
 */
function finish(partial: string, final: string): void {
  const db = new DatabaseSync(partial);
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    // A copy of a damaged file is damaged too: kept, it would push a good backup out of the last 7.
    const check = (db.prepare('PRAGMA quick_check').get() as { quick_check: string }).quick_check;
    if (check !== 'ok') {
      log.warn(`Backup quick_check: ${check}`);
      throw new Problem('backup.history_damaged');
    }
  } finally {
    db.close();
  }
  renameSync(partial, final);
}

function describe(dir: string, name: string): BackupInfo {
  const path = join(dir, name);
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return {
      id: name,
      createdAt: timeOf(name),
      size: statSync(path).size,
      beforeMigration: name.includes('-before-v'),
      conversations: count(db, 'SELECT count(*) AS n FROM conversations WHERE deleted_at IS NULL'),
      transcripts: count(db, 'SELECT count(*) AS n FROM transcripts'),
    };
  } finally {
    db.close();
  }
}

/**
 * What stopped the copy of `db`. SQLite words every failed write but ENOSPC as an I/O error
 * (SQLITE_IOERR_WRITE) and node:sqlite does not give the errno behind it, so a byte written by
 * Node where the copy's files reach at most (the database's size and a page for the journal's
 * header), into the half-written copy thrown away anyway, finds the cause: EFBIG past a file
 * size limit or EDQUOT over a quota is a full disk. An error that write does not meet stays SQLite's.
 */
function faultOf(error: unknown, db: DatabaseSync, partial: string): DiskFault | null {
  const fault = diskFaultOf(error) ?? sqliteFaultOf(error);
  if (fault !== 'io' || !existsSync(partial)) return fault;
  try {
    const reach = count(db, 'SELECT page_count * page_size AS n FROM pragma_page_count, pragma_page_size') + 65_536;
    const fd = openSync(partial, 'r+');
    try {
      writeSync(fd, Buffer.alloc(1), 0, 1, reach);
    } finally {
      closeSync(fd);
    }
    return fault;
  } catch (probe) {
    return diskFaultOf(probe) ?? fault;
  }
}

/**
 * Copies of the history database in `<data folder>/backups`, the newest `keep` kept and the newest
 * of each of the last `keep` days. Scheduled ones
 * use SQLite's online backup (node:sqlite `backup()`, in Node ≥ 22.16 and in Electron 45's Node
 * 24), which copies a live database page by page without blocking the replies being written.
 * The one before a migration runs while the store is being opened, which is synchronous and has
 * no writer yet, so it uses `VACUUM INTO`: just as consistent, and synchronous.
 * Each file is checked (quick_check) and then renamed from a temporary name, so a crash never
 * leaves half a backup and a damaged history never replaces a good one among the last 7,
 * and removed when the copy fails (a full disk, say), so a failure leaves nothing at all.
 */
export function createBackups(options: { dir: string; keep?: number; now?: () => number; limitMs?: number; settleMs?: number }) {
  const { dir, keep = 7, now = Date.now, limitMs = LIMIT, settleMs = SETTLE } = options;

  const names = () => {
    mkdirSync(dir, { recursive: true });
    return readdirSync(dir)
      .filter((name) => NAME.test(name))
      .sort((a, b) => timeOf(b) - timeOf(a));
  };
  const keptForNotice = (name: string) => existsSync(join(dir, name + KEPT_FOR_NOTICE));
  // Kept: the newest `keep`, and the newest of each of the last `keep` days that have one, so hourly
  // backups still reach a week back (at most 2 × keep files). The backups a repair merged are not
  // counted: with hourly backups of the reduced history they would be gone within hours, and with
  // them what the repair could not read.
  const prune = () => {
    const rotating = names().filter((name) => !keptForNotice(name));
    const kept = new Set(rotating.slice(0, keep));
    const days = new Set<string>();
    for (const name of rotating) {
      const day = NAME.exec(name)![1]!.slice(0, 10);
      if (days.size === keep) break;
      if (days.has(day)) continue;
      days.add(day);
      kept.add(name);
    }
    for (const name of rotating) if (!kept.has(name)) rmSync(join(dir, name), { force: true });
  };
  const target = (suffix = '') => {
    const name = `history-${stamp(now())}${suffix}.sqlite`;
    mkdirSync(dir, { recursive: true });
    return { name, final: join(dir, name), partial: join(dir, `${name}.partial`) };
  };
  let running: Promise<BackupInfo> | null = null;
  /**
   * SQLite's copy, until it ends, also after its time limit: it cannot be cancelled and goes on
   * holding a thread of libuv's pool (4 threads, shared with every fs, dns, crypto and zlib call in
   * main), so no second copy starts beside it, and the database is not closed under it.
   */
  let copying: { promise: Promise<unknown>; file: string } | null = null;

  async function copy(db: DatabaseSync, { name, final, partial }: ReturnType<typeof target>, late: () => boolean): Promise<BackupInfo> {
    try {
      // Created here rather than by SQLite, which would answer a read-only folder with "unable to
      // open database file": Node names the cause (EROFS, EACCES, ENOSPC). An empty file is an empty database.
      writeFileSync(partial, '');
      await backup(db, partial);
      // Given up on at the limit: the user was told it failed, so it is not kept.
      if (late()) throw new Problem('backup.timed_out');
      finish(partial, final);
    } catch (error) {
      const fault = faultOf(error, db, partial);
      rmSync(partial, { force: true });
      throw fault ? new StorageFault(error, fault, final) : error;
    }
    prune();
    return describe(dir, name);
  }

  /** A backup now; one already running is shared rather than started twice. It fails, worded, at the time limit. */
  function backUp(db: DatabaseSync): Promise<BackupInfo> {
    if (running) return running;
    if (copying) return Promise.reject(new Problem('backup.still_writing', { file: copying.file }));
    const into = target();
    let late = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const taking = copy(db, into, () => late);
    // A copy that ends after the limit is nobody's to hear: its file goes (copy), its outcome with it.
    const over = () => {
      copying = null;
    };
    copying = { promise: taking.then(over, over), file: into.final };
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true;
        reject(new Problem('backup.timed_out', { file: into.final }));
      }, limitMs);
      timer.unref?.();
    });
    running = Promise.race([taking, limit]).finally(() => {
      clearTimeout(timer);
      running = null;
    });
    return running;
  }

  return {
    /** Newest first, with what each holds, for Settings. */
    list: (): BackupInfo[] => names().map((name) => describe(dir, name)),

    /** The file behind an id from `list()`; anything else (a path, say) is refused. */
    pathOf(id: string): string {
      if (!names().includes(id)) throw new Problem('backup.gone');
      return join(dir, id);
    },

    backUp,

    /**
     * Backs up when the newest backup is a day old or there is none; otherwise null. An empty
     * history is not backed up: a week of empty copies would push the useful ones out.
     */
    async dailyIfDue(db: DatabaseSync): Promise<BackupInfo | null> {
      const newest = names()[0];
      if (newest && now() - timeOf(newest) < DAY) return null;
      if (count(db, 'SELECT (SELECT count(*) FROM conversations) + (SELECT count(*) FROM transcripts) AS n') === 0) return null;
      return backUp(db);
    },

    /** Backs up a history that changed (the caller knows) when there is no backup or the newest is an hour old; otherwise null. */
    async hourlyIfDue(db: DatabaseSync): Promise<BackupInfo | null> {
      const newest = names()[0];
      if (newest && now() - timeOf(newest) < HOUR) return null;
      return backUp(db);
    },

    /**
     * What a repair merges: the newest backup, and those kept from a repair whose notice the user
     * has not seen yet (a backup taken since that repair holds the history it reduced), newest first.
     */
    forRepair: (): Array<{ path: string; createdAt: number }> =>
      names()
        .filter((name, index) => index === 0 || keptForNotice(name))
        .map((name) => ({ path: join(dir, name), createdAt: timeOf(name) })),

    /** Keeps a backup a repair merged out of the rotation, until `noticeSeen`. */
    keepForNotice: (path: string) => writeFileSync(path + KEPT_FOR_NOTICE, ''),

    /** The user has seen the repair's notice: the backups kept for it go with the rotation again. */
    noticeSeen() {
      for (const name of names()) rmSync(join(dir, name + KEPT_FOR_NOTICE), { force: true });
    },

    beforeMigrating: ((db, _from, to) => {
      const { final, partial } = target(`-before-v${to}`);
      rmSync(partial, { force: true });
      try {
        db.prepare('VACUUM INTO ?').run(partial);
        finish(partial, final);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      prune();
    }) satisfies BeforeMigrating,

    /**
     * Waits for a copy in progress, at most `settleMs`: whether the database may be closed (false
     * while a copy still runs, which the quit then leaves open rather than closing under it).
     */
    async settled(): Promise<boolean> {
      if (!copying) return true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), settleMs);
        timer.unref?.();
      });
      const ended = await Promise.race([copying.promise.then(() => true as const), bound]);
      clearTimeout(timer);
      return ended;
    },
  };
}

export type Backups = ReturnType<typeof createBackups>;
