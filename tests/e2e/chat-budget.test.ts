import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { backToChat, composer, openOptions, openSettings, send, settled, useKey } from '../support/chat';
import type { Session } from '../support/history-app';
import { openSeededSession, putConversation } from '../support/seed-conversation';

// A 500-message conversation against a fake with a context limit: it keeps chatting past the
// limit with few refusals (each halves what is sent), says what was left out, and the next Send
// fits at once (main learnt the limit); a pinned message is always sent, and a budget of the last
// messages marks those left out. The fake refuses whatever is over its limit, so a request it
// answered fits by construction: the checks are on the refusals and on what the user is told.

let browser: Browser;
let fake: FakeService;
let s: Session;

const COUNT = 500;
const LIMIT = 3000;
const line = (i: number) => `Log ${i}: the ferry left the harbour on time and the weather held.`;

/** The ferry's log, its third message pinned. */
const ferryLog = { id: 'Ferry', title: 'Ferry log', count: COUNT, text: line, pinnedMessages: [2] };

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSeededSession(browser, 'budget', (store) => putConversation(store, ferryLog), { APP_BASE_URL: fake.baseUrl });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

type Body = { messages: Array<{ role: string; content: string }> };
/** The chat's requests (not a key check's one-message ping), refused or answered. */
const chats = () => fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions') && (r.body as Body).messages.length > 1);
const answered = () => chats().filter((r) => r.status === 200).map((r) => r.body as Body);
const refusedSince = (before: number) => chats().slice(before).filter((r) => r.status === 400).length;

describe('a conversation longer than the model reads', () => {
  it('keeps chatting past the limit, says what was left out, and sends the pinned message every time', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free, 'Ferry log');
    await page.getByText(line(COUNT - 1)).waitFor();
    await page.getByTestId('next-request').getByText(`Next request: all ${COUNT} messages`).waitFor();
    fake.setContextTokens(LIMIT);

    fake.chat.next({ reply: 'The ferry is still running.' });
    await send(page, 'Is the ferry still running?');
    const reply = await settled(page);
    await reply.getByText('The ferry is still running.').waitFor();
    const note = reply.getByRole('note').getByText(/^Too long for the model: sent with \d+ of 501 messages/);
    await note.waitFor();
    await screenshot(page, 'chat-budget-cut');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-budget-cut-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    // Refused a few times, at most once per halving of 501 messages, then answered once: the pinned
    // message and the question went, and the note counts exactly the messages the model was sent.
    const refused = refusedSince(0);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(Math.ceil(Math.log2(COUNT + 1)));
    const bodies = answered();
    expect(bodies).toHaveLength(1);
    const sent = bodies[0]!.messages;
    expect(sent.map((m) => m.content)).toContain(line(2));
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Is the ferry still running?' });
    const told = Number(/sent with (\d+) of/.exec((await note.textContent())!)![1]);
    expect(told).toBe(sent.filter((m) => m.role !== 'system').length);

    // Main learnt the limit: the next Send fits at the first try, and says what it left out.
    const before = chats().length;
    fake.chat.next({ reply: 'Every hour.' });
    await send(page, 'How often does it sail?');
    const next = await settled(page);
    await next.getByText('Every hour.').waitFor();
    await next.getByRole('note').getByText(/^Sent with \d+ of 503 messages/).waitFor();
    expect(chats().slice(before).map((r) => r.status)).toEqual([200]);
    expect(s.errors).toEqual([]);
  });

  it('with a budget of the last messages, marks what the next request leaves out, and a pin brings one back', async () => {
    const { page } = s;
    fake.setContextTokens(null);
    await openOptions(page);
    await page.getByLabel('History sent').selectOption({ label: 'The last messages' });
    const count = page.getByRole('textbox', { name: 'Messages', exact: true });
    await count.fill('4');
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByTestId('next-request').getByText(/^Next request: 4 of 504 messages/).waitFor();
    const leftOut = page.getByText('Not sent with the next request (outside the history sent)');
    await expect.poll(() => leftOut.count()).toBeGreaterThan(0);

    // Pin a message the budget leaves out: it goes with the next request.
    const older = page.getByRole('article').filter({ hasText: line(COUNT - 5) });
    await older.getByRole('button', { name: 'Pin' }).click();
    await older.getByRole('button', { name: 'Unpin' }).waitFor();
    await page.getByTestId('next-request').getByText(/^Next request: 5 of 504 messages/).waitFor();
    await screenshot(page, 'chat-budget-marks');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-budget-marks-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    fake.chat.next({ reply: 'Noted.' });
    await send(page, 'And tomorrow?');
    await (await settled(page)).getByText('Noted.').waitFor();
    const sent = answered().at(-1)!.messages.map((m) => m.content);
    expect(sent).toContain(line(2));
    expect(sent).toContain(line(COUNT - 5));
    expect(sent).not.toContain(line(COUNT - 6));
    expect(sent.at(-1)).toBe('And tomorrow?');
    await expect.poll(() => composer(page).inputValue()).toBe('');
    expect(s.errors).toEqual([]);
  });

  it('follows the history sent set in Settings when the chat chooses "As set in Settings"', async () => {
    const { page } = s;
    await openSettings(page);
    await page.getByRole('combobox', { name: 'History sent in chat' }).selectOption({ label: 'The last messages' });
    await page.getByRole('textbox', { name: 'Messages', exact: true }).fill('6');
    await page.getByText('What a chat\'s request carries when the chat sets no history of its own.', { exact: false }).scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-budget-settings-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    await backToChat(page, 'Ferry log');
    await openOptions(page);
    await page.getByLabel('History sent').selectOption({ label: 'As set in Settings' });
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByTestId('next-request').getByText(/^Next request: 7 of 506 messages · .* · history as set in Settings$/).waitFor();
    await screenshot(page, 'chat-budget-from-settings');

    fake.chat.next({ reply: 'Six it is.' });
    await send(page, 'How many now?');
    await (await settled(page)).getByText('Six it is.').waitFor();
    const sent = answered().at(-1)!.messages;
    // The five latest, the two pinned messages and the question.
    expect(sent).toHaveLength(5 + 2 + 1);
    expect(sent.at(-1)!.content).toBe('How many now?');
    expect(s.errors).toEqual([]);
  });

  it('names an attached text too long by itself, and sends its first part when asked', async () => {
    const { page } = s;
    fake.setContextTokens(LIMIT);
    await page.getByRole('button', { name: /^New chat/ }).click();
    const harbour = 'The harbour master wrote down every ship that came in that year. '.repeat(900);
    await page.locator('input[type=file][aria-label="Attach files"]').setInputFiles([{ name: 'harbour.txt', mimeType: 'text/plain', buffer: Buffer.from(harbour) }]);
    await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^harbour\.txt · /).waitFor({ timeout: 30_000 });
    await send(page, 'Which ships came in?');
    const failed = await settled(page);
    await failed.getByText('The attached “harbour.txt” alone is longer than this model reads.', { exact: false }).waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-budget-too-big-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    fake.chat.next({ reply: 'Ships from the first part.' });
    const before = chats().length;
    await failed.getByRole('button', { name: 'Send the beginning of “harbour.txt”' }).click();
    const reply = await settled(page);
    await reply.getByText('Ships from the first part.').waitFor();
    await reply.getByRole('note').getByText('Only the beginning of “harbour.txt” was sent: the rest did not fit the model.').waitFor();
    await screenshot(page, 'chat-budget-first-part');
    // Main cut the text to the limit it learnt: at most one refusal before the part fit.
    expect(refusedSince(before)).toBeLessThanOrEqual(1);
    const body = answered().at(-1)!;
    expect(JSON.stringify(body)).toContain('The harbour master wrote down');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'Which ships came in?' });
    expect(s.errors).toEqual([]);
  });

  it('sends a summary of an attached text too long by itself when asked, and its chip says so', async () => {
    const { page } = s;
    await page.getByRole('button', { name: /^New chat/ }).click();
    const tides = Array.from({ length: 900 }, (_, i) => `Day ${i}: high tide at dawn, the quay flooded to the second step.`).join('\n');
    await page.locator('input[type=file][aria-label="Attach files"]').setInputFiles([{ name: 'tides.txt', mimeType: 'text/plain', buffer: Buffer.from(tides) }]);
    await page.getByRole('group', { name: 'Attached to your next message' }).getByText(/^tides\.txt · /).waitFor({ timeout: 30_000 });
    await send(page, 'When does the quay flood?');
    const failed = await settled(page);
    await failed.getByText('The attached “tides.txt” alone is longer than this model reads.', { exact: false }).waitFor();

    // Main summarizes it in parts the model takes, then answers with the summary in its place.
    const summary = 'Tides: the quay floods to the second step at every dawn high tide.';
    for (let i = 0; i < 30; i++) fake.chat.next({ reply: summary });
    const before = chats().length;
    await failed.getByRole('button', { name: 'Send a summary of “tides.txt”' }).click();
    const reply = await settled(page);
    await reply.getByText(summary).waitFor();
    await page.getByRole('group', { name: 'Attached to this message' }).getByText(/^tides\.txt · .*summary of ~\d+ in place of/).waitFor();
    await screenshot(page, 'chat-budget-summary');
    const asked = chats().slice(before);
    expect(asked.filter((r) => r.status === 200).length).toBeGreaterThan(1);
    const body = asked.at(-1)!.body as Body;
    expect(JSON.stringify(body)).toContain(summary);
    expect(JSON.stringify(body)).not.toContain('Day 899:');
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'When does the quay flood?' });
    expect(s.errors).toEqual([]);
  });
});
