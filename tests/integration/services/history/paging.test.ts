import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import { historyHandlers } from '../../../../electron/core/handlers/history';
import type { FileSaver } from '../../../../electron/core/services/storage/file-saver';
import type { RepairNotice } from '../../../../electron/core/services/history/repair-notice';
import type { Backups } from '../../../../electron/core/services/history/backups';
import type { Staging } from '../../../../electron/core/services/intake/staging';
import type { Message } from '../../../../shared/domain/conversation';
import { removeFolder } from '../../../support/temp-folder';

// A long conversation opens with its last page of messages; earlier pages follow on request.

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const message = (id: string, role: Message['role']): Message => ({
  id,
  role,
  content: `text of ${id}`,
  state: 'complete',
  usage: null,
  failure: null,
  model: null,
  createdAt: 1_700_000_000_000,
});

let store: HistoryStore;
const ids = (messages: Pick<Message, 'id'>[]) => messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `m${from + i}`);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-paging-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
  store.create({ id: 'long', title: 'Long', systemPrompt: '', options, pinned: false, createdAt: 1, updatedAt: 1 });
  // Ids that do not sort like positions, so the order must come from the position.
  for (let i = 0; i < 25; i++) store.putMessage('long', message(`m${i}`, i % 2 ? 'assistant' : 'user'));
  store.create({ id: 'empty', title: 'Empty', systemPrompt: '', options, pinned: false, createdAt: 1, updatedAt: 1 });
});
afterEach(async () => {
  store.close();
  await removeFolder(dir);
});

describe('a paged open', () => {
  it('answers the last messages, oldest first, and whether earlier ones remain', () => {
    const page = store.openLast('long', 10);
    expect(ids(page.messages)).toEqual(range(15, 25));
    expect(page.hasEarlier).toBe(true);
    expect(page.title).toBe('Long');
  });

  it('answers every message and no earlier ones when the limit covers the conversation', () => {
    expect(store.openLast('long', 25)).toMatchObject({ hasEarlier: false });
    expect(ids(store.openLast('long', 25).messages)).toEqual(range(0, 25));
    expect(ids(store.openLast('long', 1000).messages)).toEqual(range(0, 25));
    expect(store.openLast('long', 24).hasEarlier).toBe(true);
    expect(store.openLast('empty', 10)).toMatchObject({ messages: [], hasEarlier: false });
  });

  it('walks back page by page to the first message', () => {
    const seen = store.openLast('long', 10).messages;
    let more = true;
    const pages: string[][] = [];
    while (more) {
      const page = store.earlierMessages('long', seen[0]!.id, 10);
      pages.push(ids(page.messages));
      seen.unshift(...page.messages);
      more = page.hasEarlier;
    }
    expect(pages).toEqual([range(5, 15), range(0, 5)]);
    expect(ids(seen)).toEqual(range(0, 25));
    expect(seen).toEqual(store.get('long').messages);
  });

  it('answers nothing before the first message, and exactly a page at the boundary', () => {
    expect(store.earlierMessages('long', 'm0', 10)).toEqual({ messages: [], hasEarlier: false });
    expect(store.earlierMessages('long', 'm10', 10)).toEqual({ messages: store.get('long').messages.slice(0, 10), hasEarlier: false });
    expect(store.earlierMessages('long', 'm11', 10).hasEarlier).toBe(true);
  });

  it('refuses a message of another conversation, or of a conversation that is gone', () => {
    expect(() => store.earlierMessages('empty', 'm10', 10)).toThrow();
    expect(() => store.earlierMessages('long', 'nope', 10)).toThrow();
    expect(() => store.openLast('missing', 10)).toThrow('conversation.gone');
  });

  it('leaves the whole open as it was through the handler when no limit is given', async () => {
    const handlers = historyHandlers({ history: store, stopReply: () => undefined, tell: () => undefined, files: {} as FileSaver, backups: {} as Backups, notice: {} as RepairNotice, staging: {} as Staging, scratchPath: '' });
    const whole = await handlers.open({ id: 'long' });
    expect(ids(whole.messages)).toEqual(range(0, 25));
    expect(whole.hasEarlier).toBeUndefined();
    const paged = await handlers.open({ id: 'long', limit: 3 });
    expect(ids(paged.messages)).toEqual(range(22, 25));
    expect(paged.hasEarlier).toBe(true);
    expect(await handlers.earlierMessages({ id: 'long', beforeMessageId: 'm22', limit: 2 })).toEqual({
      messages: store.get('long').messages.slice(20, 22),
      hasEarlier: true,
    });
  });
});
