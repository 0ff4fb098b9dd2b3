import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { CONVERSATIONS, conversation, historyFile } from '../../../support/damaged-history';
import { canMount, smallDisk } from '../../../support/small-disk';
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

/** A tmpfs over `dir` for the running test (support/small-disk.ts). */
function smallDiskForTest(dir: string, options: string): void {
  const unmount = smallDisk(dir, options);
  onTestFinished(() => {
    unmount();
  });
}

describe.runIf(canMount)('a backup the disk refuses', () => {
  it('names a full disk with the backup it could not write, leaves nothing half-written, and ends', async () => {
    const path = await historyFile();
    const dir = join(path, '..', 'backups');
    await mkdir(dir);
    smallDiskForTest(dir, 'size=64k');
    const backups = createBackups({ dir, now: () => Date.parse('2026-03-02T09:00:00Z') });
    const store = createHistoryStore(path);
    onTestFinished(() => store.close());
    const file = join(dir, 'history-2026-03-02T09-00-00-000Z.sqlite');
    await expect(backups.backUp(store.db)).rejects.toMatchObject({ code: 'disk.full', values: { file } });
    expect(await readdir(dir)).toEqual([]);
  });

  it('names a read-only disk with the backup it could not write', async () => {
    const path = await historyFile();
    const dir = join(path, '..', 'backups');
    await mkdir(dir);
    smallDiskForTest(dir, 'ro');
    const backups = createBackups({ dir, now: () => Date.parse('2026-03-02T09:00:00Z') });
    const store = createHistoryStore(path);
    onTestFinished(() => store.close());
    await expect(backups.backUp(store.db)).rejects.toMatchObject({ code: 'disk.read_only', values: { file: join(dir, 'history-2026-03-02T09-00-00-000Z.sqlite') } });
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
});
