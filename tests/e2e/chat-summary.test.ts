import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { collectErrors, launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { backToChat, send, settled, useKey } from '../support/chat';
import type { Session } from '../support/history-app';
import { openSeededSession, putConversation } from '../support/seed-conversation';
import { storedOptions } from '../support/stored-messages';

// Summarize earlier messages against the fake service: a conversation sending its last ten
// messages offers to summarize the ones left out; from then on the fake's log shows the summary
// (as the user edited it) sent instead of those turns, and the composer says so.

let browser: Browser;
let fake: FakeService;
let s: Session;

const COUNT = 60;
const line = (i: number) => `Log ${i}: the ferry left the harbour on time and the weather held.`;

const sentLast10 = { ...storedOptions, context: { kind: 'last' as const, messages: 10 } };
/** The ferry's log, sent with its last ten messages. */
const ferryLog = { id: 'Ferry', title: 'Ferry log', count: COUNT, text: line, options: sentLast10 };
/** A second log, for the summary the length limit cuts. */
const tideLog = { id: 'Tide', title: 'Tide log', count: 30, text: (i: number) => `Tide ${i}: high water at noon.`, options: sentLast10 };

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSeededSession(browser, 'summary', (store) => (putConversation(store, ferryLog), putConversation(store, tideLog)), { APP_BASE_URL: fake.baseUrl });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

type Body = { messages: Array<{ role: string; content: string }> };
const answered = () => fake.requests.filter((r) => r.path.startsWith('/v1/chat/completions') && r.status === 200 && (r.body as Body).messages.length > 1).map((r) => r.body as Body);

describe('summarize earlier messages', () => {
  it('sends the summary, as edited, instead of the turns it covers', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free, 'Ferry log');
    await page.getByText(line(COUNT - 1)).waitFor();
    const nextRequest = page.getByTestId('next-request');
    await nextRequest.getByText(/^Next request: 9 of 60 messages/).waitFor();

    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-summary-offer-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    fake.chat.next({ reply: 'The ferry ran on time all season; the weather held.' });
    await page.getByRole('button', { name: 'Summarize the left-out messages (51)' }).click();
    const summary = page.getByRole('article', { name: 'Summary of earlier messages (51)' });
    await summary.getByText('The ferry ran on time all season; the weather held.').waitFor();
    await nextRequest.getByText(/^Next request: summary of 51 \+ last 9 of 60 messages/).waitFor();
    // The model was asked with the left-out turns as data, not with the ones still sent.
    const asked = answered().at(-1)!.messages;
    expect(asked[1]!.content).toContain(line(0));
    expect(asked[1]!.content).not.toContain(line(COUNT - 1));
    await screenshot(page, 'chat-summary');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-summary-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    // The reply before the summary still offers Regenerate; its new version is answered with the summary, which follows it.
    fake.chat.next({ reply: line(COUNT - 1) });
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    await settled(page);
    expect(answered().at(-1)!.messages[0]!.content).toContain('Summary of 51 earlier messages');
    await summary.getByText('The ferry ran on time all season; the weather held.').waitFor();
    await expect.poll(() => page.getByRole('article').last().getAttribute('aria-label')).toBe('Summary of earlier messages (51)');
    await page.setViewportSize({ width: 800, height: 600 });

    await summary.getByRole('button', { name: 'Edit summary' }).click();
    await summary.getByRole('textbox', { name: 'Summary' }).fill('Edited: the ferry kept its timetable.');
    await screenshot(page, 'chat-summary-editing-800');
    await page.setViewportSize({ width: 1100, height: 800 });
    await summary.getByRole('button', { name: 'Save summary' }).click();
    await summary.getByText('Edited: the ferry kept its timetable.').waitFor();

    fake.chat.next({ reply: 'It kept it.' });
    await send(page, 'Did the ferry keep its timetable?');
    await (await settled(page)).getByText('It kept it.').waitFor();
    const sent = answered().at(-1)!.messages.map((m) => m.content);
    expect(sent.some((text) => text.includes('Edited: the ferry kept its timetable.'))).toBe(true);
    expect(sent.join('\n')).not.toContain('all season');
    expect(sent).not.toContain(line(0));
    expect(sent).not.toContain(line(50));
    expect(sent).toContain(line(COUNT - 1));
    expect(sent.at(-1)).toBe('Did the ferry keep its timetable?');
    // The reply says the summary went with it.
    await page.getByText(/^Sent with 10 of 61 messages and a summary of 51 \(~[\d,]+ tokens\)/).waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-summary-again-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    // Two more messages left out, newer than the summary: said, with the offer to summarize again.
    await page.getByText('Newer messages not in the summary: 2.').waitFor();
    await page.getByRole('button', { name: 'Summarize again, with the newer ones' }).waitFor();
    expect(s.errors).toEqual([]);
  });

  it('says when the length limit cut a summary and makes it again; a second Summarize meanwhile is refused in words', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free, 'Tide log');
    fake.chat.next({ reply: 'High water came at noon every day, and the', finishReason: 'length' });
    await page.getByRole('button', { name: 'Summarize the left-out messages (21)' }).click();
    const summary = page.getByRole('article', { name: 'Summary of earlier messages (21)' });
    await summary.getByText('The model’s summary was cut off at its length limit, so it may miss something. Make it again, or edit it.').waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'chat-summary-cut-800');
    await page.setViewportSize({ width: 1100, height: 800 });

    // Another window asks too while the summary is made again: main refuses it, and that window says why.
    const other = await page.context().newPage();
    collectErrors(other, s.errors);
    await openFirstScreen(other, s.app.url, (shown) => shown.getByRole('heading', { name: 'New chat' }).waitFor());
    await backToChat(other, 'Tide log');
    const otherSummary = other.getByRole('article', { name: 'Summary of earlier messages (21)' });
    // Held until the other window has been refused, however slow the machine: the journey waits for what it sees, never for a time.
    let release!: () => void;
    fake.chat.next({ reply: 'High water came at noon every day, and the harbour stayed open.', holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    await summary.getByRole('button', { name: 'Make it again' }).click();
    await summary.getByRole('button', { name: 'Summarizing…' }).waitFor();
    await otherSummary.getByRole('button', { name: 'Make it again' }).click();
    await otherSummary.getByRole('alert').getByText('A summary of this conversation is already being written.', { exact: false }).waitFor();
    release();
    await other.close();

    // Made again in its place: the whole text, no longer marked, the cut one a version.
    await summary.getByText('High water came at noon every day, and the harbour stayed open.').waitFor({ timeout: 20_000 });
    await expect.poll(() => summary.getByText('The model’s summary was cut off', { exact: false }).count()).toBe(0);
    await summary.getByText('2 of 2', { exact: false }).waitFor();
    expect(await page.getByRole('article', { name: /^Summary of earlier messages/ }).count()).toBe(1);
    expect(s.errors).toEqual([]);
  });
});
