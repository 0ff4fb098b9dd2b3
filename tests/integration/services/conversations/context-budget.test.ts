import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation, Message } from '../../../../shared/domain/conversation';
import type { ContextPlanView } from '../../../../shared/domain/context-budget';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { planContext } from '../../../../electron/core/services/conversations/context-plan';
import { ITEM_SUMMARY_INSTRUCTION } from '../../../../electron/core/services/conversations/held-summary';
import { promptTokensOf } from '../../../fake-service/chat-reply';
import { startCore } from '../../../support/tool-driver';
import { testFolder } from '../../../support/temp-folder';
import { fake, useFake } from '../../../support/use-fake';

// A conversation's requests are planned by main within its context budget: pinned messages and
// the system prompt always go, then the latest others; a model that finds a request too long gets
// the oldest unpinned ones left out, halving, until it takes it, and the reply says so.

useFake();

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
type Body = { messages: Array<{ role: string; content: string }> };

const message = (index: number, text: string, extra: Partial<Message> = {}): Message => ({
  id: `m${index}`,
  role: index % 2 === 0 ? 'user' : 'assistant',
  content: text,
  state: 'complete',
  usage: null,
  failure: null,
  model: index % 2 === 0 ? null : 'default',
  createdAt: 1_700_000_000_000 + index,
  ...extra,
});

/** A core whose history already holds a conversation of `count` messages, the fourth pinned. */
async function coreWith(count: number, text: (index: number) => string) {
  const dir = await testFolder('confab-budget-');
  const history = createHistoryStore(join(dir, 'history.sqlite'));
  const conversation: Conversation = {
    id: 'long',
    title: 'Long',
    systemPrompt: 'You are the archivist.',
    options,
    pinned: false,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    messages: Array.from({ length: count }, (_, index) => message(index, text(index), index === 3 ? { pinned: true } : {})),
  };
  history.insertWhole(conversation);
  history.close();
  const app = await startCore(fake, { key: fake.keys.free, dir });
  onTestFinished(() => app.dispose());
  return app;
}

const chatLog = () => fake.requests.filter((request) => request.path === '/v1/chat/completions' && (request.body as { max_tokens?: number }).max_tokens !== 1);

describe('the budget builder', () => {
  it('keeps the system prompt, pinned messages and the last one first, then the latest others within the budget', () => {
    const path = Array.from({ length: 12 }, (_, index) => message(index, 'word '.repeat(10), index === 1 ? { pinned: true } : {}));
    const tokens = (text: string) => text.length;
    const last = planContext({ systemPrompt: 'S', path, budget: { kind: 'last', messages: 3 }, tokens });
    expect(last.sent.map((m) => m.id)).toEqual(['m1', 'm9', 'm10', 'm11']);
    expect(last.leftOut).toHaveLength(8);

    // 54 a message (50 characters and the overhead): the system prompt (5), m1 and m11 kept, two more fit in 300.
    const budgeted = planContext({ systemPrompt: 'S', path, budget: { kind: 'tokens', tokens: 300 }, tokens });
    expect(budgeted.sent.map((m) => m.id)).toEqual(['m1', 'm8', 'm9', 'm10', 'm11']);
    expect(budgeted.tokens).toBeLessThanOrEqual(300);

    // The window has no holes: a short older message is not slipped in past a long one that did not fit.
    const holes = path.map((m, index) => (index === 9 ? { ...m, content: 'x'.repeat(1000) } : m));
    expect(planContext({ systemPrompt: '', path: holes, budget: { kind: 'tokens', tokens: 300 }, tokens }).sent.map((m) => m.id)).toEqual(['m1', 'm10', 'm11']);
  });
});

describe('a conversation with a context budget', () => {
  it('sends the last N messages with the pinned one, and says so before sending', async () => {
    const app = await coreWith(500, (index) => `Message number ${index}.`);
    const budget = { ...options, context: { kind: 'last', messages: 10 } };
    fake.chat.next({ reply: 'Noted.' });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'What did we say?', options: budget });
    await app.end('long');
    const sent = (chatLog().at(-1)!.body as Body).messages.map((m) => m.content);
    expect(sent).toEqual([
      'You are the archivist.',
      'Message number 3.',
      ...Array.from({ length: 9 }, (_, index) => `Message number ${491 + index}.`),
      'What did we say?',
    ]);

    const plan = await app.invoke<ContextPlanView>('conversations:contextPlan', { conversationId: 'long' });
    expect(plan).toMatchObject({ messages: 10, of: 502 });
    expect(plan.leftOut).toHaveLength(492);
    expect(plan.leftOut).not.toContain('m3');

    // Unpinned, it is left out of the next request like its neighbours.
    await app.invoke('conversations:pinMessage', { conversationId: 'long', messageId: 'm3', pinned: false });
    expect((await app.invoke<ContextPlanView>('conversations:contextPlan', { conversationId: 'long' })).leftOut).toContain('m3');
  });

  it('uses the budget set in Settings when the conversation sets none, and the conversation\'s own choice wins', async () => {
    const app = await coreWith(50, (index) => `Message number ${index}.`);
    await app.invoke('settings:update', { contextBudget: { kind: 'last', messages: 5 } });
    expect(await app.invoke<ContextPlanView>('conversations:contextPlan', { conversationId: 'long' })).toMatchObject({ messages: 5, of: 50, budget: 'settings' });
    fake.chat.next({ reply: 'Noted.' });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'And so?', options });
    await app.end('long');
    // The pinned message, the four latest and the question.
    expect((chatLog().at(-1)!.body as Body).messages).toHaveLength(1 + 1 + 4 + 1);

    const own = { ...options, context: { kind: 'all' } };
    fake.chat.next({ reply: 'All of it.' });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'Everything now.', options: own });
    await app.next('long', 'done', 2);
    expect((chatLog().at(-1)!.body as Body).messages).toHaveLength(1 + 53);
    expect(await app.invoke<ContextPlanView>('conversations:contextPlan', { conversationId: 'long' })).toMatchObject({ messages: 54, of: 54, budget: 'conversation' });
  });

  it('keeps chatting past the model\'s limit: older unpinned messages are left out until it fits, and the reply says so', async () => {
    const app = await coreWith(500, (index) => `Turn ${index}: ${'a sentence of the conversation that goes on. '.repeat(4)}`);
    fake.setContextTokens(4000);
    fake.chat.next({ reply: 'Still here.' });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'Are you still there?', options });
    expect(await app.end('long')).toMatchObject({ type: 'done' });

    const log = chatLog();
    expect(log.map((request) => request.status)).toContain(400);
    const answered = log.filter((request) => request.status === 200);
    expect(answered).toHaveLength(1);
    const body = answered[0]!.body as Body & Parameters<typeof promptTokensOf>[0];
    const contents = body.messages.map((m) => m.content);
    // Within the fake's own count, with the system prompt, the pinned message and the question.
    expect(promptTokensOf({ messages: body.messages.map((m) => ({ ...m, text: m.content })) } as never)).toBeLessThanOrEqual(4000);
    expect(contents[0]).toBe('You are the archivist.');
    expect(contents[1]).toContain('Turn 3:');
    expect(contents.at(-1)).toBe('Are you still there?');
    expect(contents.at(-2)).toContain('Turn 499:');

    const reply = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-1)!;
    expect(reply).toMatchObject({ content: 'Still here.', sent: { cut: true, of: 501, messages: body.messages.length - 1 } });

    // The limit learnt is kept (as the request layer keeps its fits): the next request is cut up front, and the composer says so.
    const plan = await app.invoke<ContextPlanView>('conversations:contextPlan', { conversationId: 'long' });
    expect(plan.messages).toBeLessThan(plan.of);
    fake.reset();
    fake.setContextTokens(4000);
    fake.chat.next({ reply: 'Yes.' });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'And now?', options });
    await expect.poll(() => chatLog().map((request) => request.status)).toEqual([200]);

    // The service's count corrects the local estimate from then on (written just after the reply ends).
    const read = () => readFile(join(app.dir, 'token-ratios.json'), 'utf8').then((text) => JSON.parse(text) as Record<string, number>, () => ({}));
    await expect.poll(async () => Object.values(await read())[0] ?? 0).toBeGreaterThan(0);
  });

  it('names what is too long when what is always sent does not fit by itself', async () => {
    const app = await coreWith(20, (index) => `Message number ${index}.`);
    fake.setContextTokens(300);
    await app.invoke('conversations:send', { conversationId: 'long', text: 'A very long question. '.repeat(100), options });
    expect(await app.end('long')).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long' } });
    const reply = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-1)!;
    expect(reply.sent).toMatchObject({ tooBig: 'message', cut: true });
    // The question is kept, whatever the model said: nothing the user typed is lost.
    expect((await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-2)!.content).toContain('A very long question.');
  });

  it('names a system prompt too long by itself, whatever else the conversation holds', async () => {
    const app = await coreWith(20, (index) => `Message number ${index}.`);
    fake.setContextTokens(300);
    const systemPrompt = 'Always answer as the archivist of the harbour, in full sentences. '.repeat(60);
    await app.invoke('conversations:send', { conversationId: 'long', text: 'Who are you?', systemPrompt, options });
    expect(await app.end('long')).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long' } });
    const reply = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-1)!;
    expect(reply.sent).toMatchObject({ tooBig: 'system_prompt', cut: true });
    expect(reply.sent?.item).toBeUndefined();
  });

  it('sends a summary of an attached document too big by itself when asked, and its chip says so', async () => {
    const app = await coreWith(6, (index) => `Message number ${index}.`);
    fake.setContextTokens(2000);
    const report = Array.from({ length: 1500 }, (_, i) => `Chapter ${i} of the annual report is about the harbour.`).join('\n');
    const staged = await app.core.files.staging.fromBytes(new TextEncoder().encode(report), 'report.txt', 'document');
    if (!staged.ok) throw new Error(staged.problem.code);
    const attached = await app.invoke<{ ok: true; item: { id: string } }>('conversations:attach', { fileId: staged.file.fileId });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'What does the report say?', attached: [attached.item.id], options });
    expect(await app.end('long')).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long' } });

    // Main summarizes the item's text in parts that fit (the request layer's halving), then answers again.
    for (let i = 0; i < 40; i++) fake.chat.next({ reply: 'The report is about the harbour, chapter by chapter.' });
    const before = chatLog().length;
    await app.invoke('conversations:sendSummary', { conversationId: 'long', itemId: attached.item.id });
    await app.next('long', 'done');
    const asked = chatLog().slice(before);
    const summaries = asked.filter((request) => (request.body as Body).messages[0]!.content === ITEM_SUMMARY_INSTRUCTION);
    // More than one part, and a bounded number of refusals: each halves a part.
    expect(summaries.filter((request) => request.status === 200).length).toBeGreaterThan(1);
    expect(summaries.filter((request) => request.status === 400).length).toBeLessThanOrEqual(8);
    // Every part of the report went to the model once, in order.
    const parts = summaries.filter((request) => request.status === 200).map((request) => (request.body as Body).messages.at(-1)!.content);
    expect(parts.join('\n')).toContain('Chapter 0 of');
    expect(parts.join('\n')).toContain('Chapter 1499 of');
    // The text goes as JSON data (dataMessage), never fenced in tags a document could close.
    expect(JSON.parse(parts[0]!)).toMatchObject({ document: { name: 'report.txt', text: expect.stringContaining('Chapter 0 of') } });
    const taken = asked.filter((request) => request.status === 200).at(-1)!.body as Body;
    expect(JSON.stringify(taken)).toContain('The report is about the harbour, chapter by chapter.');
    expect(JSON.stringify(taken)).not.toContain('Chapter 1499 of');
    expect(taken.messages.at(-1)!.content).toBe('What does the report say?');
    const messages = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages;
    expect(messages.at(-1)!.content).toBe('The report is about the harbour, chapter by chapter.');
    // The question's chip says a summary went in the item's place; Send whole undoes it.
    const chip = () => app.invoke<Conversation>('history:open', { id: 'long' }).then((c) => c.messages.findLast((m) => m.role === 'user')!.attached![0]!);
    expect((await chip()).summaryTokens).toBeGreaterThan(0);
    await app.invoke('conversations:sendWhole', { conversationId: 'long', itemId: attached.item.id });
    expect((await chip()).summaryTokens).toBeUndefined();
    await expect(app.invoke('conversations:sendSummary', { conversationId: 'long', itemId: 'not-held' })).rejects.toThrow(/held\.not_found/);
  });

  it('names an attached document too big by itself, and sends its first part when asked', async () => {
    const app = await coreWith(6, (index) => `Message number ${index}.`);
    fake.setContextTokens(2000);
    const report = 'The annual report goes on, chapter after chapter, about the harbour. '.repeat(1500);
    const staged = await app.core.files.staging.fromBytes(new TextEncoder().encode(report), 'report.txt', 'document');
    if (!staged.ok) throw new Error(staged.problem.code);
    const attached = await app.invoke<{ ok: true; item: { id: string } }>('conversations:attach', { fileId: staged.file.fileId });
    await app.invoke('conversations:send', { conversationId: 'long', text: 'What does the report say?', attached: [attached.item.id], options });
    expect(await app.end('long')).toMatchObject({ type: 'failed', failure: { reason: 'context_too_long' } });
    const failed = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-1)!;
    expect(failed.sent).toMatchObject({ tooBig: 'attached', item: { id: attached.item.id, name: 'report.txt' } });

    // Its first part: main cuts the text to what the model takes and sends again; the reply says so.
    fake.chat.next({ reply: 'It is about the harbour.' });
    await app.invoke('conversations:sendFirstPart', { conversationId: 'long', itemId: attached.item.id });
    await app.next('long', 'done');
    const taken = chatLog().filter((request) => request.status === 200).at(-1)!;
    const body = taken.body as Body;
    expect(promptTokensOf({ messages: body.messages.map((m) => ({ ...m, text: m.content })) } as never)).toBeLessThanOrEqual(2000);
    const sentReport = body.messages.find((m) => m.content.includes('The annual report goes on'))!.content;
    expect(sentReport.length).toBeLessThan(report.length);
    expect(body.messages.at(-1)!.content).toBe('What does the report say?');
    // Only an item the conversation holds can be sent in part, refused before anything is stored.
    await expect(app.invoke('conversations:sendFirstPart', { conversationId: 'long', itemId: 'not-held' })).rejects.toThrow(/held\.not_found/);
    const reply = (await app.invoke<Conversation>('history:open', { id: 'long' })).messages.at(-1)!;
    expect(reply).toMatchObject({ content: 'It is about the harbour.', sent: { firstPartOf: 'report.txt' } });
    // The service's count took the report's text in: the learnt ratio counts it too, and stays near 1.
    // It is written just after the reply ends (a cache, never awaited by the reply): waited for.
    const learnt = () => readFile(join(app.dir, 'token-ratios.json'), 'utf8').then((text) => JSON.parse(text) as Record<string, number>, () => null);
    await expect.poll(learnt).not.toBeNull();
    const ratios = (await learnt())!;
    expect(Object.values(ratios)[0]).toBeLessThan(2);
  });
});
