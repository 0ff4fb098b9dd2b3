import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CompletionEvent } from '../../../../shared/contract/chat';
import type { CompletionInput } from '../../../../electron/core/services/completion/completion-input';
import type { WatchEvent } from '../../../../shared/contract/conversations';
import type { ChatService } from '../../../../electron/core/services/completion/chat-service';
import { createConversationService } from '../../../../electron/core/services/conversations/conversation-service';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { RETRY_MS } from '../../../../electron/core/services/history/refused-writes';
import { chatContextAt } from '../../../support/chat-context';
import { testFolder } from '../../../support/temp-folder';

// A reply that arrives while the disk refuses the history's writes: main keeps it, tells every
// page why it is not saved yet, and writes it (the whole of it, and how it ended) once the disk
// takes it, without a restart. The model is a stand-in that emits the events a reply is made of.
const options = { model: 'default', temperature: null, maxTokens: null, stream: true };

async function setUp() {
  const path = join(await testFolder('confab-reply-faults-'), 'history.sqlite');
  let failing = false;
  const history = createHistoryStore(path, {
    onDamage: () => undefined,
    probe: (sql) => {
      if (failing && /^\s*(INSERT|UPDATE|DELETE|BEGIN)/i.test(sql)) throw Object.assign(new Error('disk I/O error'), { code: 'ERR_SQLITE_ERROR', errcode: 10 | (3 << 8) });
    },
  });
  onTestFinished(() => history.close());
  const model = { emit: (_event: CompletionEvent) => undefined as void, done: () => undefined as void, asked: [] as CompletionInput[] };
  const chat = {
    complete: (input: CompletionInput, ctx: { emit: (event: CompletionEvent) => void }) =>
      new Promise<void>((resolve) => {
        model.asked.push(input);
        model.emit = ctx.emit;
        model.done = resolve;
      }),
    decide: () => undefined,
  } as unknown as ChatService;
  const conversations = createConversationService({
    history, chat, plan: () => 'pro', saveIntervalMs: 0, context: chatContextAt(dirname(path)),
    // Nothing here asks for a summary of earlier messages.
    models: { askText: () => Promise.reject(new Error('not asked')), inParts: () => Promise.reject(new Error('not asked')) },
  });
  const heard: WatchEvent[] = [];
  const watching = new AbortController();
  onTestFinished(() => watching.abort());
  void conversations.watch((event) => heard.push(event), watching.signal);
  return { path, history, conversations, model, heard, fail: (on: boolean) => (failing = on) };
}

describe('a reply the disk refuses', () => {
  it('is kept in main, named as an I/O error to every page, and written whole once the disk takes it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const app = await setUp();
    const { conversationId, messageId } = app.conversations.send({ conversationId: null, text: 'Summarise the meeting', options });
    app.model.emit({ type: 'delta', text: 'The steel came late; ' });
    app.fail(true);
    app.model.emit({ type: 'delta', text: 'the budget holds.' });
    app.model.emit({ type: 'done', finishReason: 'stop', usage: null, model: 'default' });
    app.model.done();

    const refused = app.heard.filter((event) => event.type === 'unsaved');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toEqual({ type: 'unsaved', refusal: { cause: 'io', file: app.path } });
    // The reply reached the page as done, not as a failure.
    expect(app.heard.some((event) => event.type === 'reply' && event.event.type === 'failed')).toBe(false);
    expect(app.history.get(conversationId).messages.at(-1)).toMatchObject({ id: messageId, content: 'The steel came late; ' });

    vi.advanceTimersByTime(RETRY_MS);
    expect(app.history.get(conversationId).messages.at(-1)).toMatchObject({ content: 'The steel came late; ' });
    app.fail(false);
    vi.advanceTimersByTime(RETRY_MS);
    expect(app.history.get(conversationId).messages.at(-1)).toMatchObject({ id: messageId, content: 'The steel came late; the budget holds.', state: 'complete' });
    expect(app.heard.at(-1)).toEqual({ type: 'unsaved', refusal: null });
  });

  it('is written before the next request in its conversation, so the model is sent all of it', async () => {
    const app = await setUp();
    const { conversationId } = app.conversations.send({ conversationId: null, text: 'Summarise the meeting', options });
    app.fail(true);
    app.model.emit({ type: 'delta', text: 'The steel came late.' });
    app.model.emit({ type: 'done', finishReason: 'stop', usage: null, model: 'default' });
    app.model.done();
    app.fail(false);
    app.conversations.send({ conversationId, text: 'And the budget?', options });
    expect(app.model.asked.at(-1)!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Summarise the meeting'],
      ['assistant', 'The steel came late.'],
      ['user', 'And the budget?'],
    ]);
    expect(app.heard.filter((event) => event.type === 'unsaved').at(-1)).toEqual({ type: 'unsaved', refusal: null });
  });
});
