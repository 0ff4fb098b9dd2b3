import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { conversation } from '../../../support/damaged-history';
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
