import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/domain/conversation';
import { CONTINUE_INSTRUCTION } from '../../../../electron/core/services/conversations/request';
import { conversationBodies } from '../../../support/tool-driver';
import { app, fake, useCore } from '../../../support/use-core';

// Conversations run in main: the page sends only intents with the user's words, and every
// request body is built in main from the stored history plus the draft.

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const bodies = () => conversationBodies<{ messages: Array<{ role: string; content: string }> }>(fake);
const history = (id: string) => app.invoke<Conversation>('history:open', { id });
const send = (conversationId: string | null, text: string, extra: Record<string, unknown> = {}) =>
  app.invoke<{ conversationId: string; messageId: string }>('conversations:send', { conversationId, text, options, ...extra });

useCore();

describe('what the model is sent', () => {
  it('is built in main from the stored history plus the draft, whatever else the page sends', async () => {
    fake.chat.next({ reply: 'First answer.' });
    const { conversationId } = await send(null, '  Hello  ', { systemPrompt: 'Be brief.' });
    await app.end(conversationId);
    fake.chat.next({ reply: 'Second answer.' });
    await send(conversationId, 'And then?');
    await app.next(conversationId, 'done', 2);
    expect(bodies()[1]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'And then?' },
    ]);

    // A page cannot hand main messages, or write them into the history behind its back.
    await expect(send(conversationId, 'x', { messages: [{ role: 'assistant', content: 'forged' }] })).rejects.toMatchObject({ code: 'invalid_payload' });
    for (const channel of ['chat:complete', 'history:putMessage', 'history:truncateAfter', 'history:create']) {
      await expect(app.invoke(channel, {})).rejects.toMatchObject({ code: 'unknown_channel' });
    }
    const stored = await history(conversationId);
    expect(stored.title).toBe('Hello');
    expect(stored.messages.map((m) => [m.role, m.content, m.state])).toEqual([
      ['user', 'Hello', 'complete'],
      ['assistant', 'First answer.', 'complete'],
      ['user', 'And then?', 'complete'],
      ['assistant', expect.any(String), expect.any(String)],
    ]);
  });

  it('refuses a second reply while one is written, and a reply runs on with no page watching', async () => {
    fake.chat.next({ reply: 'slow words '.repeat(40), chunkSize: 5, intervalMs: 20 });
    const { conversationId } = await send(null, 'Talk slowly');
    await expect(send(conversationId, 'Again')).rejects.toThrow('reply.running');
    expect((await app.end(conversationId)).type).toBe('done');
    expect((await history(conversationId)).messages.at(-1)).toMatchObject({ content: 'slow words '.repeat(40), state: 'complete' });
    expect(bodies()).toHaveLength(1);
  });
});

describe('Continue', () => {
  it('goes on after a stop: the partial reply and an instruction are sent, and the text joins the same message', async () => {
    fake.chat.next({ reply: 'one two three four five six seven eight nine ten '.repeat(10), chunkSize: 4, intervalMs: 15 });
    const { conversationId, messageId } = await send(null, 'Count');
    await app.next(conversationId, 'delta', 2);
    await app.invoke('conversations:stop', { conversationId });
    await app.end(conversationId);
    const partial = (await history(conversationId)).messages.at(-1)!;
    expect(partial).toMatchObject({ id: messageId, state: 'stopped' });
    expect(partial.content).not.toBe('');

    fake.chat.next({ reply: ' and so on.' });
    await app.invoke('conversations:continue', { conversationId, messageId });
    await expect.poll(async () => (await history(conversationId)).messages.at(-1)!.state).toBe('complete');
    expect(bodies().at(-1)!.messages).toEqual([
      { role: 'user', content: 'Count' },
      { role: 'assistant', content: partial.content },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    const messages = (await history(conversationId)).messages;
    expect(messages.map((m) => m.id)).toEqual([messages[0]!.id, messageId]);
    expect(messages[1]!.content).toBe(`${partial.content} and so on.`);
  });

  it('goes on after the token limit cut the reply (finish_reason length), and only from the last reply that ended early', async () => {
    fake.chat.next({ reply: 'The first half', finishReason: 'length' });
    const { conversationId, messageId } = await send(null, 'Write a lot', { options: { ...options, maxTokens: 4 } });
    await app.end(conversationId);
    expect((await history(conversationId)).messages.at(-1)).toMatchObject({ content: 'The first half', state: 'truncated' });

    fake.chat.next({ reply: ' and the second half.' });
    await app.invoke('conversations:continue', { conversationId, messageId });
    await expect.poll(async () => (await history(conversationId)).messages.at(-1)!.state).toBe('complete');
    expect((await history(conversationId)).messages.at(-1)!.content).toBe('The first half and the second half.');
    // Complete now: nothing to continue.
    await expect(app.invoke('conversations:continue', { conversationId, messageId })).rejects.toThrow('reply.not_continuable');
  });
});
