import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { conversation } from '../../../support/damaged-history';
import { testFolder } from '../../../support/temp-folder';

// Faults of the disk, made through SQLite itself on the real history file: each is named by its
// cause with what to do, and the history stays as it was before the refused write.
async function guardedStore() {
  const path = join(await testFolder('confab-faults-'), 'history.sqlite');
  const store = createHistoryStore(path, { onDamage: () => undefined });
  store.insertWhole(conversation(1));
  return { store, path };
}

describe('storage faults in the history', () => {
  it('names a full disk, and keeps what was there', async () => {
    const { store, path } = await guardedStore();
    const pages = Number((store.db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    store.db.exec(`PRAGMA max_page_count = ${pages}`);
    const big = conversation(2);
    big.messages = big.messages.map((message) => ({ ...message, content: message.content.repeat(400) }));
    onTestFinished(() => store.close());
    expect(() => store.insertWhole(big)).toThrow(`The disk is full, so Confab could not save this (your history file, ${path}). Free some space on it, then try again.`);
    expect(store.list().map((c) => c.id)).toEqual(['c1']);
  });

  it('names a history file that cannot be written, with its path', async () => {
    const { store, path } = await guardedStore();
    onTestFinished(() => store.close());
    store.db.exec('PRAGMA query_only = ON');
    expect(() => store.insertWhole(conversation(3))).toThrow(`Confab cannot write to your history file, ${path}: it is read-only or locked.`);
    expect(store.get('c1').messages).toHaveLength(10);
  });
});
