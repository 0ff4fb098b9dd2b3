import { execFileSync } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { CONVERSATIONS, conversation, historyFile } from '../../../support/damaged-history';
import { testFolder } from '../../../support/temp-folder';

// Faults of the disk, made through SQLite itself on the real history file: each is named by its
// cause with what to do, and the history stays as it was before the refused write.
async function guardedStore(probe?: (sql: string) => void, onDamage: () => void = () => undefined) {
  const path = join(await testFolder('confab-faults-'), 'history.sqlite');
  const store = createHistoryStore(path, { onDamage, probe });
  store.insertWhole(conversation(1));
  return { store, path };
}

/** A disk that fails every write from `failing()` on, as node:sqlite reports `errcode`. */
function failingDisk(errcode: number, message: string) {
  let on = false;
  const probe = (sql: string) => {
    if (on && /^\s*(INSERT|UPDATE|DELETE|BEGIN)/i.test(sql)) throw Object.assign(new Error(message), { code: 'ERR_SQLITE_ERROR', errcode });
  };
  return { probe, failing: () => (on = true) };
}

describe('storage faults in the history', () => {
  it('names a full disk, and keeps what was there', async () => {
    const { store, path } = await guardedStore();
    const pages = Number((store.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    store.db.exec(`PRAGMA max_page_count = ${pages}`);
    const big = conversation(2);
    big.messages = big.messages.map((message) => ({ ...message, content: message.content.repeat(400) }));
    onTestFinished(() => store.close());
    expect(() => store.insertWhole(big)).toThrow(expect.objectContaining({ code: 'disk.full', values: { file: path } }));
    expect(store.list().map((c) => c.id)).toEqual(['c1']);
  });

  it('names a history file that cannot be written, with its path', async () => {
    const { store, path } = await guardedStore();
    onTestFinished(() => store.close());
    store.db.exec('PRAGMA query_only = ON');
    expect(() => store.insertWhole(conversation(3))).toThrow(expect.objectContaining({ code: 'disk.read_only', values: { file: path } }));
    expect(store.get('c1').messages).toHaveLength(10);
  });

  it('names an I/O error as the disk’s, apart from a full or read-only one', async () => {
    const disk = failingDisk(10 | (4 << 8), 'disk I/O error');
    const { store, path } = await guardedStore(disk.probe);
    onTestFinished(() => store.close());
    disk.failing();
    expect(() => store.insertWhole(conversation(4))).toThrow(expect.objectContaining({ code: 'disk.io', values: { file: path } }));
    expect(store.list().map((c) => c.id)).toEqual(['c1']);
  });

  it('names damage met by a write, starts the repair and stops writing into the file', async () => {
    const disk = failingDisk(11, 'database disk image is malformed');
    const repairs: string[] = [];
    const { store } = await guardedStore(disk.probe, () => repairs.push('started'));
    onTestFinished(() => store.close());
    disk.failing();
    expect(() => store.insertWhole(conversation(5))).toThrow('history.repairing');
    expect(repairs).toEqual(['started']);
    expect(store.get('c1').messages).toHaveLength(10);
  });
});

/**
 * A full disk for this test's process: a soft file size limit of `bytes` (util-linux's prlimit,
 * as Node sets no limits), lifted when the test ends. A write past it fails with EFBIG, as a full
 * disk fails with ENOSPC, since Node ignores SIGXFSZ. No privileges needed: the machine running
 * the tests (CI in a container, say) needs neither root nor CAP_SYS_ADMIN.
 */
function fullDiskForTest(bytes: number): void {
  const limit = (value: number | 'unlimited') => execFileSync('prlimit', [`--pid=${process.pid}`, `--fsize=${value}:`]);
  limit(bytes);
  onTestFinished(() => void limit('unlimited'));
}

// Read-only is not made here: the tests run as root on CI and in development, and root writes
// into a folder whatever its mode; a read-only mount needs CAP_SYS_ADMIN. A backup's folder that
// cannot be written is named by the same path as a full one (Node creates the file first,
// backups.ts), with the cause diskFaultOf reads from EROFS or EACCES.
describe('a backup the disk refuses', () => {
  it('names a full disk with the backup it could not write, leaves nothing half-written, and ends', async () => {
    const path = await historyFile();
    const dir = join(path, '..', 'backups');
    await mkdir(dir);
    const backups = createBackups({ dir, now: () => Date.parse('2026-03-02T09:00:00Z') });
    const store = createHistoryStore(path);
    onTestFinished(() => store.close());
    const file = join(dir, 'history-2026-03-02T09-00-00-000Z.sqlite');
    fullDiskForTest(64 * 1024);
    await expect(backups.backUp(store.db)).rejects.toMatchObject({ code: 'disk.full', values: { file } });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('a backup that does not end', () => {
  it('is given up at its time limit with a worded problem; the late copy leaves nothing, and the next backup runs', async () => {
    const path = await historyFile();
    const dir = join(path, '..', 'backups');
    const backups = createBackups({ dir, now: () => Date.parse('2026-03-02T09:00:00Z'), limitMs: 60_000 });
    const store = createHistoryStore(path);
    onTestFinished(() => store.close());
    // The limit passes (on a fake clock) before the copy, which runs on a thread of its own, can end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const taking = backups.backUp(store.db);
    vi.advanceTimersByTime(60_000);
    vi.useRealTimers();
    await expect(taking).rejects.toMatchObject({ code: 'backup.timed_out', values: { file: join(dir, 'history-2026-03-02T09-00-00-000Z.sqlite') } });
    await expect.poll(() => readdir(dir)).toEqual([]);
    expect(await backups.backUp(store.db)).toMatchObject({ conversations: CONVERSATIONS });
  });

  it('is not forgotten while its copy goes on: no second copy starts, and the quit waits for it, bounded, then leaves the database open', async () => {
    const path = await historyFile();
    const dir = join(path, '..', 'backups');
    const backups = createBackups({ dir, now: () => Date.parse('2026-03-02T09:00:00Z'), limitMs: 60_000, settleMs: 10_000 });
    const store = createHistoryStore(path);
    onTestFinished(() => store.close());
    // Nothing here yields to the event loop until the end, so the copy (on a thread of its own) cannot have ended.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const taking = backups.backUp(store.db);
    vi.advanceTimersByTime(60_000);
    await expect(taking).rejects.toMatchObject({ code: 'backup.timed_out' });
    // Each new copy would hold a thread of libuv's pool of 4 for as long as the disk does not answer.
    await expect(backups.backUp(store.db)).rejects.toMatchObject({ code: 'backup.still_writing', values: { file: join(dir, 'history-2026-03-02T09-00-00-000Z.sqlite') } });
    const settled = backups.settled();
    await vi.advanceTimersByTimeAsync(10_000);
    // Closing the database under a copy that is still running is not safe: the quit leaves it open.
    expect(await settled).toBe(false);
    vi.useRealTimers();
    await expect.poll(() => readdir(dir)).toEqual([]);
    expect(await backups.settled()).toBe(true);
    expect(await backups.backUp(store.db)).toMatchObject({ conversations: CONVERSATIONS });
  });
});
