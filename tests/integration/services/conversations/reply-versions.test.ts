import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../../shared/domain/conversation';
import { app, fake, useCore } from '../../../support/use-core';

// Retry after a broken reply (and Regenerate) writes a new reply without losing the one it
// replaces: that one is kept as a version, and the version shown is what the model is sent.

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const bodies = () =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages: Array<{ role: string; content: string }> });
const history = (id: string) => app.invoke<Conversation>('history:open', { id });
const last = async (id: string) => (await history(id)).messages.at(-1)!;

useCore();

describe('reply versions', () => {
  it('keeps the partial text of a broken reply as a version when Retry writes a new one, and the shown version is what the model is sent', async () => {
    fake.chat.next({ reply: 'The partial answer that broke off', chunkSize: 8, dropAfterChunks: 2 });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Explain it', options });
    await app.end(conversationId);
    const broken = await last(conversationId);
    expect(broken.content).toBe('The partial answ');
    expect(broken.failure).not.toBeNull();

    fake.chat.next({ reply: 'The whole new answer.' });
    await app.invoke('conversations:regenerate', { conversationId });
    await expect.poll(async () => (await last(conversationId)).state).toBe('complete');
    const retried = await last(conversationId);
    expect(retried).toMatchObject({ content: 'The whole new answer.', versions: { position: 1, others: [{ content: broken.content, failure: broken.failure }] } });

    // Back to the partial version: it is the conversation's reply now, for every page and for the model.
    const shown = await app.invoke<Message>('conversations:showVersion', { conversationId, messageId: retried.id, version: 0 });
    expect(shown).toMatchObject({ id: retried.id, content: broken.content, versions: { position: 0, others: [{ content: 'The whole new answer.' }] } });
    expect(app.watched).toContainEqual({ type: 'message', conversationId, message: shown });
    expect(await last(conversationId)).toEqual(shown);
    fake.chat.next({ reply: 'Going on.' });
    await app.invoke('conversations:send', { conversationId, text: 'Go on', options });
    await app.next(conversationId, 'done', 2);
    expect(bodies().at(-1)!.messages).toEqual([
      { role: 'user', content: 'Explain it' },
      { role: 'assistant', content: broken.content },
      { role: 'user', content: 'Go on' },
    ]);
  });

  it('keeps every version through several regenerations, in the order written, and refuses one that does not exist', async () => {
    fake.chat.next({ reply: 'One.' });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Count', options });
    await app.end(conversationId);
    for (const reply of ['Two.', 'Three.']) {
      fake.chat.next({ reply });
      await app.invoke('conversations:regenerate', { conversationId });
      await expect.poll(async () => (await last(conversationId)).content).toBe(reply);
    }
    const reply = await last(conversationId);
    expect(reply.versions).toMatchObject({ position: 2, others: [{ content: 'One.' }, { content: 'Two.' }] });
    const middle = await app.invoke<Message>('conversations:showVersion', { conversationId, messageId: reply.id, version: 1 });
    expect(middle).toMatchObject({ content: 'Two.', versions: { position: 1, others: [{ content: 'One.' }, { content: 'Three.' }] } });
    await expect(app.invoke('conversations:showVersion', { conversationId, messageId: reply.id, version: 3 })).rejects.toThrow('reply.no_version');
    // A regeneration from the middle version keeps all three, the new one last.
    fake.chat.next({ reply: 'Four.' });
    await app.invoke('conversations:regenerate', { conversationId });
    await expect.poll(async () => (await last(conversationId)).content).toBe('Four.');
    expect((await last(conversationId)).versions).toMatchObject({ position: 3, others: [{ content: 'One.' }, { content: 'Two.' }, { content: 'Three.' }] });
  });
});
