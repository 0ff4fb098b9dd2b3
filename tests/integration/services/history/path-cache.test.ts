import { mkdtemp } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/domain/conversation';
import { type HistoryStore, createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { removeFolder } from '../../../support/temp-folder';

// A Send plans from the conversation's current path; with 10,000 messages reading it from SQLite
// alone is over the 20 ms a Send may take (docs/benchmarks.md), so the store keeps the last few
// paths read until a write touches them (history/path-cache.ts). What is sent must never be stale.

let dir: string;
let store: HistoryStore;
const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
let clock = 1_700_000_000_000;
const message = (id: string, role: Message['role'], content: string): Message => ({
  id, role, content, state: 'complete', usage: null, failure: null, model: null, createdAt: clock++,
});
const texts = (id: string) => store.path(id).map((m) => `${m.id}:${m.content}${m.pinned ? ' (pinned)' : ''}`);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-path-cache-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
  for (const id of ['c1', 'c2']) {
    store.create({ id, title: id, systemPrompt: '', options, pinned: false, createdAt: 1, updatedAt: 1 });
    store.putMessage(id, message(`${id}u1`, 'user', 'Hello'));
    store.putMessage(id, message(`${id}r1`, 'assistant', 'Hi'));
  }
});
afterEach(async () => {
  store.close();
  await removeFolder(dir);
});

describe('the current path kept in memory', () => {
  it('is read from SQLite once while nothing is written, and a write to another conversation keeps it', () => {
    const first = store.path('c1');
    expect(store.path('c1')[0]).toBe(first[0]);
    store.putMessage('c2', message('c2u2', 'user', 'Elsewhere'));
    store.update('c1', { title: 'Renamed' });
    expect(store.path('c1')[1]).toBe(first[1]);
    // A caller's array is its own: changing it changes nothing kept.
    first.pop();
    expect(store.path('c1')).toHaveLength(2);
  });

  it('shows every write to the conversation at once, whichever way it came', () => {
    store.path('c1');
    store.putMessage('c1', message('c1u2', 'user', 'Next'));
    expect(texts('c1')).toEqual(['c1u1:Hello', 'c1r1:Hi', 'c1u2:Next']);
    store.saveReply('c1r1', { content: 'Hi there', state: 'complete', usage: null, failure: null, model: null });
    store.pinMessage('c1', 'c1u1', true);
    expect(texts('c1')).toEqual(['c1u1:Hello (pinned)', 'c1r1:Hi there', 'c1u2:Next']);
    store.truncateAfter('c1', 'c1r1');
    expect(texts('c1')).toEqual(['c1u1:Hello (pinned)', 'c1r1:Hi there']);
    store.branchAt('c1', 'c1u1');
    store.putMessage('c1', message('c1r1b', 'assistant', 'Hey'));
    expect(texts('c1')).toEqual(['c1u1:Hello (pinned)', 'c1r1b:Hey']);
    expect(store.showBranch('c1', 'c1r1')).toBe(true);
    expect(texts('c1')).toEqual(['c1u1:Hello (pinned)', 'c1r1:Hi there']);
  });

  it('mends the kept path with the rows a reply wrote, reading only those', () => {
    const first = store.path('c1');
    store.batch(() => {
      store.putMessage('c1', message('c1u2', 'user', 'And then?'));
      store.putMessage('c1', { ...message('c1r2', 'assistant', ''), state: 'streaming' });
    });
    store.saveReply('c1r2', { content: 'Then this.', state: 'complete', usage: null, failure: null, model: null });
    const after = store.path('c1');
    expect(after.map((m) => `${m.id}:${m.content}`)).toEqual(['c1u1:Hello', 'c1r1:Hi', 'c1u2:And then?', 'c1r2:Then this.']);
    // Unchanged messages are the ones kept, not read again.
    expect(after[0]).toBe(first[0]);
    // A message moved under another parent cannot be mended: the path is read again whole.
    store.db.prepare(`UPDATE messages SET parent_id = 'c1u1' WHERE id = 'c1u2'`).run();
    store.db.prepare(`UPDATE conversations SET current_leaf = 'c1r2' WHERE id = 'c1'`).run();
    expect(texts('c1')).toEqual(['c1u1:Hello', 'c1u2:And then?', 'c1r2:Then this.']);
  });

  it('keeps nothing a rolled-back transaction wrote, and sees another connection’s commit', () => {
    store.path('c1');
    expect(() =>
      store.batch(() => {
        store.putMessage('c1', message('c1u2', 'user', 'Never stored'));
        expect(texts('c1')).toHaveLength(3);
        throw new Error('the disk refused');
      }),
    ).toThrow('the disk refused');
    expect(texts('c1')).toEqual(['c1u1:Hello', 'c1r1:Hi']);
    const other = new DatabaseSync(join(dir, 'history.sqlite'));
    other.prepare(`UPDATE messages SET content = 'Changed elsewhere' WHERE id = 'c1r1'`).run();
    other.close();
    expect(texts('c1')).toEqual(['c1u1:Hello', 'c1r1:Changed elsewhere']);
  });
});
