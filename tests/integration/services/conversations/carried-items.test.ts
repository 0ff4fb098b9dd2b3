import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens, encode } from 'gpt-tokenizer';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Conversation, ConversationMeta } from '../../../../shared/domain/conversation';
import type { FileToSave } from '../../../../electron/core/services/storage/file-saver';
import type { SentItem } from '../../../../shared/contract/documents';
import type { WatchEvent } from '../../../../shared/contract/conversations';
import { type HeldDeps, carriedItems } from '../../../../electron/core/services/conversations/carried-items';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { T, storedMessage, storedOptions } from '../../../support/stored-messages';
import { toJson, toMarkdown } from '../../../../electron/core/services/history/export';
import { startCore } from '../../../support/tool-driver';
import { removeFolder, testFolder } from '../../../support/temp-folder';
import { fake, useFake } from '../../../support/use-fake';

// A user message keeps the documents and pastes its Send carried (main links them), over a
// restart and in its exports; "send the beginning" of an item too long for the model sticks to
// the item until undone. An edit's message shows the items of the one it replaces; Branch from
// here gives the new conversation copies of its own.

useFake();
// Encoding a long text is what cutting it costs, and counting one is what a plan could cost: both
// watched, to see the first is paid once and the second never on main (the extraction worker counts).
vi.mock('gpt-tokenizer', async (importOriginal) => {
  const original = await importOriginal<typeof import('gpt-tokenizer')>();
  return { ...original, encode: vi.fn(original.encode), countTokens: vi.fn(original.countTokens) };
});

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
type Body = { messages: Array<{ role: string; content: string }> };
const chatBodies = () =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions' && r.status === 200 && (r.body as { max_tokens?: number }).max_tokens !== 1).map((r) => r.body as Body);
const reportIn = (body: Body) => body.messages.find((m) => m.content.includes('The annual report goes on'))?.content ?? '';
const saved: FileToSave[] = [];

async function core(dir: string) {
  const app = await startCore(fake, { key: fake.keys.free, dir, fileSaver: { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) } });
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
  it("plans with the item's count from the extraction worker, never counting its text on main", async () => {
    const dir = await testFolder('confab-carried-count-');
    onTestFinished(() => removeFolder(dir));
    const app = await core(dir);
    const text = 'The ledger of the harbour master, line by line.\n'.repeat(400);
    const item = await attachText(app, text, 'ledger.txt');
    vi.mocked(countTokens).mockClear();
    fake.chat.next({ reply: 'Read it.' });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Read the ledger', attached: [item.id], options });
    await app.next(conversationId, 'done');
    const plan = await app.invoke<{ tokens: number }>('conversations:contextPlan', { conversationId });
    expect(chatBodies().at(-1)!.messages.some((m) => m.content.includes(text))).toBe(true);
    expect(plan.tokens).toBeGreaterThan(item.tokens);
    expect(vi.mocked(countTokens).mock.calls.filter(([counted]) => String(counted).includes('harbour master'))).toEqual([]);
  });

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
    // Its own conversation's is saved, with the text main extracted.
    await expect(app.invoke('conversations:saveHeld', { id: item.id, conversationId })).resolves.toEqual({ kind: 'saved', fileName: 'contract.txt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toContain('The contract, clause after clause.');
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

  it('an edited message shows the items of the one it replaces, and "send the beginning" marks the chip shown', async () => {
    const dir = await testFolder('confab-edit-chips-');
    onTestFinished(() => removeFolder(dir));
    const app = await core(dir);
    fake.setContextTokens(2000);
    const item = await attachText(app, 'The annual report goes on, chapter after chapter, about the harbour. '.repeat(1500), 'report.txt');
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'What does it say?', attached: [item.id], options });
    await app.next(conversationId, 'failed');
    const sent = (await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!;
    await app.invoke('conversations:edit', { conversationId, messageId: sent.id, text: 'What does it say, briefly?', options });
    await app.next(conversationId, 'failed', 2);
    const edited = (await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!;
    expect(edited).toMatchObject({ content: 'What does it say, briefly?', attached: sent.attached });

    // The beginning chosen on the edited message's reply shows on its chip, the one on the path.
    fake.chat.next({ reply: 'About the harbour.' });
    await app.invoke('conversations:sendFirstPart', { conversationId, itemId: item.id });
    await app.next(conversationId, 'done');
    await expect.poll(async () => (await app.invoke<Conversation>('history:open', { id: conversationId })).messages[0]!.attached?.[0]?.firstTokens).toBeGreaterThan(0);
  });

  it('Branch from here gives the new conversation its own items: its requests carry them, and each keeps its own when another is deleted', async () => {
    const dir = await testFolder('confab-branch-items-');
    onTestFinished(() => removeFolder(dir));
    let app = await core(dir);
    const minutes = 'Minutes of the board meeting.\n'.repeat(50);
    const minutesIn = (body: Body) => body.messages.some((m) => m.content.includes(minutes));
    const item = await attachText(app, minutes, 'minutes.md');
    fake.chat.next({ reply: 'Read them.' });
    const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', { conversationId: null, text: 'Summarise', attached: [item.id], options });
    await app.next(conversationId, 'done');
    const [sent, reply] = (await app.invoke<Conversation>('history:open', { id: conversationId })).messages;
    const first = await app.invoke<ConversationMeta>('conversations:branchFrom', { conversationId, messageId: reply!.id });
    const second = await app.invoke<ConversationMeta>('conversations:branchFrom', { conversationId, messageId: reply!.id });
    const chipIn = async (id: string) => (await app.invoke<Conversation>('history:open', { id })).messages[0]!.attached![0]!;
    const heldText = (id: string) => existsSync(join(dir, 'held', `${id}.txt`));

    // The copy's requests carry the text its message shows, under an item of its own.
    fake.chat.next({ reply: 'The board met.' });
    await app.invoke('conversations:send', { conversationId: second.id, text: 'What was decided?', attached: [], options });
    await app.next(second.id, 'done');
    expect(minutesIn(chatBodies().at(-1)!)).toBe(true);
    const firstChip = await chipIn(first.id);
    const secondChip = await chipIn(second.id);
    expect(firstChip).toEqual({ ...sent!.attached![0], id: firstChip.id });
    expect(new Set([item.id, firstChip.id, secondChip.id]).size).toBe(3);

    // Deleting a copy removes its own item only: the original's requests still carry the text.
    await app.invoke('history:remove', { id: first.id });
    await app.close();
    app = await core(dir);
    await expect.poll(() => heldText(firstChip.id)).toBe(false);
    fake.chat.next({ reply: 'Still the minutes.' });
    await app.invoke('conversations:send', { conversationId, text: 'And then?', attached: [], options });
    await app.next(conversationId, 'done');
    expect(minutesIn(chatBodies().at(-1)!)).toBe(true);

    // Deleting the original leaves the other copy whole: Save as file and its requests.
    await app.invoke('history:remove', { id: conversationId });
    await app.close();
    app = await core(dir);
    await expect.poll(() => heldText(item.id)).toBe(false);
    expect(await app.invoke('conversations:saveHeld', { id: secondChip.id, conversationId: second.id })).toEqual({ kind: 'saved', fileName: 'minutes.txt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(minutes);
    fake.chat.next({ reply: 'As before.' });
    await app.invoke('conversations:send', { conversationId: second.id, text: 'Anything else?', attached: [], options });
    await app.next(second.id, 'done');
    expect(minutesIn(chatBodies().at(-1)!)).toBe(true);
  });
});

describe('keeping the beginning of one item', () => {
  it('rewrites the chips of the messages that carry it, on every branch, reading only those', async () => {
    const dir = await testFolder('confab-keep-one-');
    onTestFinished(() => removeFolder(dir));
    const history = createHistoryStore(join(dir, 'history.sqlite'));
    onTestFinished(() => history.close());
    const chip: SentItem = { id: 'report', kind: 'document', name: 'report.txt', pages: null, lines: 1, tokens: 40 };
    const other: SentItem = { ...chip, id: 'minutes', name: 'minutes.txt' };
    const filler = Array.from({ length: 200 }, (_, i) => storedMessage(`m${i}`, i % 2 ? 'assistant' : 'user', `Turn ${i}, long enough to be costly to read. `.repeat(50), T + i));
    const asked = { ...storedMessage('asked', 'user', 'What does the report say?', T + 300), attached: [chip, other] };
    history.insertWhole({
      id: 'c',
      title: 'Reports',
      systemPrompt: '',
      options: storedOptions,
      pinned: false,
      createdAt: T,
      updatedAt: T,
      messages: [...filler, asked, storedMessage('answer', 'assistant', 'It says little.', T + 301)],
      // The message before its edit, another branch, carried the item too.
      otherBranches: [{ ...storedMessage('before-edit', 'user', 'What does it say?', T + 299), attached: [chip], parentId: 'm199' }],
    });
    const told: WatchEvent[] = [];
    const read: string[] = [];
    const watched = new Proxy(history, {
      get(target, key, receiver) {
        if (key === 'get' || key === 'path') read.push(String(key));
        return Reflect.get(target, key, receiver);
      },
    });
    const text = 'The annual report goes on. '.repeat(40);
    const held = {
      textFor: () => [{ id: 'report', name: 'report.txt', kind: 'document' as const, text, tokens: 240 }],
      keepFirst: async (_conversation: string, _id: string, cut: { tokens: number } | null) => ({ ...chip, ...(cut && { firstTokens: cut.tokens }) }),
    } as unknown as HeldDeps;
    const carried = carriedItems({ history: watched, held, tell: (event) => told.push(event) });

    carried.sentPart('c', 'report', 12);
    await expect.poll(() => history.get('c').otherBranches?.[0]?.attached?.[0]?.firstTokens).toBe(12);
    const shown = history.path('c').find((m) => m.id === 'asked')!;
    expect(shown.attached).toEqual([{ ...chip, firstTokens: 12 }, other]);
    // Only the message on the path is on the pages; the other branch's shows it when chosen.
    expect(told).toEqual([{ type: 'message', conversationId: 'c', message: { ...shown, branches: { siblings: ['before-edit', 'asked'] } } }]);
    // Neither the whole conversation nor its path was read: a 10,000-message conversation's text stays on disk.
    expect(read).toEqual([]);
  });
});
