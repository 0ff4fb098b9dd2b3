import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationMeta } from '../../../../shared/domain/conversation';
import { app, fake, useCore } from '../../../support/use-core';

// An edit through main's intents: a new branch beside the message, the old one kept; what the
// model is sent is the path shown; another branch shown is told to every page; Branch from here.

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const bodies = () => fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages: Array<{ role: string; content: string }> });
const open = (id: string) => app.invoke<Conversation>('history:open', { id });
const contents = async (id: string) => (await open(id)).messages.map((m) => m.content);

useCore();

/** Replies ended so far, by conversation: each wait is for the next one's end. */
const ended = new Map<string, number>();
async function answered(id: string) {
  ended.set(id, (ended.get(id) ?? 0) + 1);
  await app.next(id, 'done', ended.get(id));
}

async function say(conversationId: string | null, text: string, reply: string): Promise<string> {
  fake.chat.next({ reply });
  const started = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId, text, options });
  await answered(started.conversationId);
  return started.conversationId;
}

describe('branches through main', () => {
  it('an edit adds a branch and keeps the old one; the model is sent the path shown; showBranch switches it for every page', async () => {
    const id = await say(null, 'One', 'Reply one');
    await say(id, 'Two', 'Reply two');
    await say(id, 'Three', 'Reply three');
    const two = (await open(id)).messages[2]!;

    fake.chat.next({ reply: 'Reply two, edited' });
    await app.invoke('conversations:edit', { conversationId: id, messageId: two.id, text: 'Two, edited', options });
    await answered(id);
    expect(bodies().at(-1)!.messages.map((m) => m.content)).toEqual(['One', 'Reply one', 'Two, edited']);
    const edited = await open(id);
    expect(edited.messages.map((m) => m.content)).toEqual(['One', 'Reply one', 'Two, edited', 'Reply two, edited']);
    expect(edited.messages[2]!.branches).toEqual({ siblings: [two.id, edited.messages[2]!.id] });
    expect(edited.otherBranches?.map((m) => m.content)).toEqual(['Two', 'Reply two', 'Three', 'Reply three']);
    expect(app.watched).toContainEqual(expect.objectContaining({ type: 'started', replacedFrom: two.id }));

    expect(await app.invoke('conversations:showBranch', { conversationId: id, messageId: two.id })).toBe(true);
    expect(app.watched).toContainEqual({ type: 'path', conversationId: id });
    expect(await contents(id)).toEqual(['One', 'Reply one', 'Two', 'Reply two', 'Three', 'Reply three']);
    await say(id, 'Four', 'Reply four');
    expect(bodies().at(-1)!.messages.map((m) => m.content)).toEqual(['One', 'Reply one', 'Two', 'Reply two', 'Three', 'Reply three', 'Four']);
  });

  it('Retry on a user message answers it again in a new branch; the old reply and all after it stay', async () => {
    const id = await say(null, 'One', 'Reply one');
    await say(id, 'Two', 'Reply two');
    await say(id, 'Three', 'Reply three');
    const [, , two, oldReply] = (await open(id)).messages;

    fake.chat.next({ reply: 'Reply two, again' });
    await app.invoke('conversations:retry', { conversationId: id, messageId: two!.id, options });
    await answered(id);
    expect(bodies().at(-1)!.messages.map((m) => m.content)).toEqual(['One', 'Reply one', 'Two']);
    const retried = await open(id);
    expect(retried.messages.map((m) => m.content)).toEqual(['One', 'Reply one', 'Two', 'Reply two, again']);
    expect(retried.messages[2]!.id).toBe(two!.id);
    expect(retried.messages[3]!.branches).toEqual({ siblings: [oldReply!.id, retried.messages[3]!.id] });
    expect(retried.otherBranches?.map((m) => m.content)).toEqual(['Reply two', 'Three', 'Reply three']);
    // The page hears of the reply already as one of two, and that the old one leaves its view.
    expect(app.watched).toContainEqual(
      expect.objectContaining({ type: 'started', replacedFrom: oldReply!.id, messages: [expect.objectContaining({ branches: { siblings: [oldReply!.id, retried.messages[3]!.id] } })] }),
    );
    expect(app.watched.filter((e) => e.type === 'message').at(-1)).toMatchObject({ message: { content: 'Reply two, again', branches: { siblings: [oldReply!.id, retried.messages[3]!.id] } } });

    expect(await app.invoke('conversations:showBranch', { conversationId: id, messageId: oldReply!.id })).toBe(true);
    expect(await contents(id)).toEqual(['One', 'Reply one', 'Two', 'Reply two', 'Three', 'Reply three']);
    await expect(app.invoke('conversations:retry', { conversationId: id, messageId: oldReply!.id, options })).rejects.toThrow('conversation.nothing_to_answer');
  });

  it('Regenerate on a retried reply keeps the branch beside it: only the reply it replaces becomes a version', async () => {
    const id = await say(null, 'One', 'Reply one');
    await say(id, 'Two', 'Reply two');
    const [one, oldReply] = (await open(id)).messages;
    fake.chat.next({ reply: 'Reply one, again' });
    await app.invoke('conversations:retry', { conversationId: id, messageId: one!.id, options });
    await answered(id);

    fake.chat.next({ reply: 'Reply one, a third time' });
    await app.invoke('conversations:regenerate', { conversationId: id, options });
    await answered(id);
    const regenerated = await open(id);
    expect(regenerated.messages.map((m) => m.content)).toEqual(['One', 'Reply one, a third time']);
    expect(regenerated.messages[1]).toMatchObject({ versions: { others: [{ content: 'Reply one, again' }] }, branches: { siblings: [oldReply!.id, regenerated.messages[1]!.id] } });
    expect(regenerated.otherBranches?.map((m) => m.content)).toEqual(['Reply one', 'Two', 'Reply two']);
  });

  it('Branch from here starts a new conversation with a copy of the path up to the message', async () => {
    const id = await say(null, 'First', 'First reply');
    await say(id, 'Second', 'Second reply');
    const firstReply = (await open(id)).messages[1]!;
    const copy = await app.invoke<ConversationMeta>('conversations:branchFrom', { conversationId: id, messageId: firstReply.id });
    expect(copy.id).not.toBe(id);
    expect(app.watched).toContainEqual({ type: 'listed', conversation: copy });
    expect(await contents(copy.id)).toEqual(['First', 'First reply']);
    expect((await open(copy.id)).messages[1]!.id).not.toBe(firstReply.id);
    // The original is as it was.
    expect(await contents(id)).toEqual(['First', 'First reply', 'Second', 'Second reply']);
  });
});
