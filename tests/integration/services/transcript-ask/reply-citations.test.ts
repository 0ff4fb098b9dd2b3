import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { askHandlers } from '../../../../electron/core/handlers/ask';
import { createHistoryStore, type HistoryStore } from '../../../../electron/core/services/history/history-store';
import type { MeetingsAsk } from '../../../../electron/core/services/meetings-ask/meetings-ask';
import { DEFAULT_CHAT_OPTIONS } from '../../../../shared/domain/chat';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';

// Ask about this transcript: main, not the page, decides what each bracket of a reply is: a
// supported citation, one its rows do not support (a made-up row among them), or text.

let dir: string;
let store: HistoryStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-reply-citations-'));
  store = createHistoryStore(join(dir, 'history.sqlite'));
});
afterEach(async () => {
  store.close();
  await removeFolder(dir);
});

// Four rows, one sentence each (ids 1–4).
const said =
  'Hello everyone and welcome to the weekly site meeting. Bilal asked why the bridge over the river was late again. ' +
  'Anna said the steel for the bridge came late from the mill. Then we talked about the budget for the rest of the year.';

function conversation(reply: string, attached = true) {
  store.transcripts.put(spokenRecord('t1', said, 30), null);
  const now = Date.now();
  store.create({
    id: 'c1',
    title: 'About meeting.mp3',
    systemPrompt: '',
    options: DEFAULT_CHAT_OPTIONS,
    pinned: false,
    createdAt: now,
    updatedAt: now,
    ...(attached && { attachment: { kind: 'transcript' as const, id: 't1', fileName: 'meeting.mp3', words: 40 } }),
  });
  store.putMessage('c1', { id: 'm1', role: 'assistant', content: reply, state: 'complete', usage: null, failure: null, model: null, createdAt: now });
  return askHandlers({ history: store, ask: {} as MeetingsAsk });
}

describe('the citations of Ask about this transcript', () => {
  it('are checked by main against the rows as they read: supported, not supported (a made-up row too), or the answer’s own text', async () => {
    const rows = store.transcripts.rows;
    const handlers = conversation(
      'Bilal asked about the bridge [2]. The steel came late [3]. The budget was doubled [0]. Profits rose sharply [1]. ' +
        'He said it [sic] in [2024]. In code `rows[4]` is code.',
    );
    const starts = new Map(rows.rowsOf('t1').map((row) => [row.rowId, row.startMs]));
    expect(await handlers.citations({ conversationId: 'c1', messageId: 'm1' })).toEqual([
      { ids: ['2'], status: 'supported', rows: [{ rowId: '2', startMs: starts.get('2') }] },
      { ids: ['3'], status: 'supported', rows: [{ rowId: '3', startMs: starts.get('3') }] },
      { ids: ['0'], status: 'unsupported', rows: [] },
      { ids: ['1'], status: 'unsupported', rows: [{ rowId: '1', startMs: starts.get('1') }] },
      { ids: ['sic'], status: 'text', rows: [] },
      { ids: ['2024'], status: 'text', rows: [] },
    ]);
  });

  it('say nothing of a conversation about no transcript', async () => {
    const handlers = conversation('The bridge [2].', false);
    expect(await handlers.citations({ conversationId: 'c1', messageId: 'm1' })).toEqual([]);
  });
});
