import { randomUUID } from 'node:crypto';
import { encode } from 'gpt-tokenizer';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Conversation } from '../../../../shared/domain/conversation';
import { toJson, toMarkdown } from '../../../../electron/core/services/history/export';
import { startCore } from '../../../support/tool-driver';
import { removeFolder, testFolder } from '../../../support/temp-folder';
import { fake, useFake } from '../../../support/use-fake';

// A user message keeps the documents and pastes its Send carried (main links them), over a
// restart and in its exports; "send the beginning" of an item too long for the model sticks to
// the item until undone.

useFake();
// Encoding a long text is what cutting it costs: counted, to see it is paid once, not on every Send.
vi.mock('gpt-tokenizer', async (importOriginal) => {
  const original = await importOriginal<typeof import('gpt-tokenizer')>();
  return { ...original, encode: vi.fn(original.encode) };
});

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
type Body = { messages: Array<{ role: string; content: string }> };
const chatBodies = () =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 200 && (r.body as { max_tokens?: number }).max_tokens !== 1).map((r) => r.body as Body);
const reportIn = (body: Body) => body.messages.find((m) => m.content.includes('The annual report goes on'))?.content ?? '';

async function core(dir: string) {
  const app = await startCore(fake, { key: fake.keys.free, dir });
  let open = true;
  const close = async () => {
    if (open) await app.close();
    open = false;
  };
  onTestFinished(close);
  return { ...app, close };
}

async function attachText(app: Awaited<ReturnType<typeof core>>, text: string, name: string) {
  const staged = await app.core.files.staging.fromBytes(new TextEncoder().encode(text), name, 'document');
  if (!staged.ok) throw new Error(staged.problem.code);
  const attached = await app.invoke<{ ok: true; item: { id: string; tokens: number } }>('conversations:attach', { fileId: staged.file.fileId });
  return attached.item;
}

describe('documents on the sent message', () => {
  it('shows what a Send carried on its message after a restart, and in the Markdown and JSON exports', async () => {
    const dir = await testFolder('confab-carried-');
    onTestFinished(() => removeFolder(dir));
    let app = await core(dir);
    const item = await attachText(app, 'Minutes of the board meeting.\n'.repeat(50), 'minutes.md');
    fake.chat.next({ reply: 'Read them.' });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Summarise', attached: [item.id], options });
    await app.next(conversationId, 'done');
    await app.close();

    app = await core(dir);
    const conversation = await app.invoke<Conversation>('history:open', { id: conversationId });
    const sent = conversation.messages.find((m) => m.role === 'user')!;
    expect(sent.attached).toEqual([{ id: item.id, kind: 'document', name: 'minutes.md', pages: null, lines: 50, tokens: item.tokens }]);
    expect(toMarkdown(conversation)).toContain(`> **Attached:** minutes.md (~${item.tokens} tokens)`);
    expect(JSON.parse(toJson(conversation)).conversation.messages[0].attached[0]).toMatchObject({ name: 'minutes.md' });
  });

  it('saves a sent item as a file only for the conversation that holds it', async () => {
    const dir = await testFolder('confab-carried-save-');
    onTestFinished(() => removeFolder(dir));
    const app = await core(dir);
    const item = await attachText(app, 'The contract, clause after clause.\n'.repeat(50), 'contract.md');
    fake.chat.next({ reply: 'Read it.' });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Check it', attached: [item.id], options });
    await app.next(conversationId, 'done');
    fake.chat.next({ reply: 'Hello.' });
    const other = (await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Hi', attached: [], options })).conversationId;
    await app.next(other, 'done');

    // The id alone is not enough (any page could name it); another conversation's, or a composer's, is refused.
    await expect(app.invoke('conversations:saveHeld', { id: item.id })).rejects.toThrow(/Invalid input/);
    for (const asked of [other, null]) await expect(app.invoke('conversations:saveHeld', { id: item.id, conversationId: asked })).rejects.toThrow(/held\.not_found/);
    // Its own conversation's reaches the saver (this core has none to offer).
    await expect(app.invoke('conversations:saveHeld', { id: item.id, conversationId })).rejects.toThrow(/contract\.txt cannot be saved here/);
  });

  it('keeps "send the beginning" for the next requests and after a restart, until undone', async () => {
    const dir = await testFolder('confab-cut-');
    onTestFinished(() => removeFolder(dir));
    let app = await core(dir);
    fake.setContextTokens(2000);
    const report = 'The annual report goes on, chapter after chapter, about the harbour. '.repeat(1500);
    const item = await attachText(app, report, 'report.txt');
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'What does it say?', attached: [item.id], options });
    expect(await app.end(conversationId)).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long' } });
    fake.chat.next({ reply: 'About the harbour.' });
    await app.invoke('conversations:sendFirstPart', { conversationId, itemId: item.id });
    await app.next(conversationId, 'done');
    const part = reportIn(chatBodies().at(-1)!);
    expect(part.length).toBeLessThan(report.length);

    // The choice is the item's: its chip says so, the next Send carries the same part, not the whole again.
    await expect.poll(async () => (await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!.attached?.[0]?.firstTokens).toBeGreaterThan(0);
    await app.close();
    app = await core(dir);
    const chip = (await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!.attached![0]!;
    expect(chip.firstTokens).toBeLessThan(item.tokens);
    const encoded = vi.mocked(encode).mock.calls.length;
    fake.chat.next({ reply: 'Still the harbour.' });
    await app.invoke('conversations:send', { conversationId, text: 'And then?', attached: [], options });
    await app.next(conversationId, 'done');
    expect(reportIn(chatBodies().at(-1)!)).toBe(part);
    // The cut was measured when it was chosen: a Send and the composer's plan carry it without encoding the text again.
    await app.invoke('conversations:contextPlan', { conversationId });
    expect(vi.mocked(encode).mock.calls.length).toBe(encoded);

    // Undone: the item goes whole again (and is too long again), the chip no longer says "first".
    await app.invoke('conversations:sendWhole', { conversationId, itemId: item.id });
    expect((await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!.attached![0]!.firstTokens).toBeUndefined();
    const plan = await app.invoke<{ tokens: number }>('conversations:contextPlan', { conversationId });
    expect(plan.tokens).toBeGreaterThan(item.tokens / 2);
    await expect(app.invoke('conversations:sendWhole', { conversationId, itemId: randomUUID() })).rejects.toThrow(/held\.not_found/);
  });
});
