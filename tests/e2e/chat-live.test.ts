import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, backToChat, composer, lastReply, newChat, openApp, send, settled, textOf, useKey } from '../support/chat';

// Replies belong to main: a page that reloads mid-reply picks the reply up and sees it end,
// drafts survive a reload, and a reply that ended early can be continued.
let h: Harness;

const chatRequests = () => h.fake.requests.filter((r) => r.path === '/v1/chat/completions');
const lastMessages = () => (chatRequests().at(-1)!.body as { messages: Array<{ role: string; content: string }> }).messages;

beforeAll(async () => {
  h = await openApp();
  await useKey(h.page, h.fake.keys.pro);
});
afterAll(async () => {
  await h?.close();
});

describe('a reply main is writing', () => {
  it('goes on through a reload: the reloaded page shows it continue and finish, from one request', async () => {
    const { page, fake } = h;
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    fake.chat.next({ reply: words, chunkSize: 6, intervalMs: 25 });
    const before = chatRequests().length;
    await send(page, 'Tell me a long story');
    await expect.poll(async () => (await textOf(lastReply(page))).length, { timeout: 10_000 }).toBeGreaterThan(20);
    // A draft in progress is the page's own, and survives too.
    await composer(page).fill('half a thought');

    await page.reload();
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await backToChat(page, 'Tell me a long story');
    await lastReply(page).getByTestId('message-text').waitFor();
    await screenshot(page, 'chat-live-after-reload');
    expect(await composer(page).inputValue()).toBe('half a thought');
    const reply = await settled(page);
    expect(await textOf(reply)).toBe(words);
    expect(await reply.locator('.badge').count()).toBe(0);
    expect(chatRequests().length - before).toBe(1);
    await composer(page).fill('');
  });
});

describe('Continue', () => {
  it('goes on after Stop, appending to the same reply', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.chat.next({ reply: 'one two three four five six seven eight nine ten '.repeat(20), chunkSize: 5, intervalMs: 25 });
    await send(page, 'Count for me');
    await expect.poll(async () => (await textOf(lastReply(page))).length).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const stopped = await settled(page);
    await stopped.getByText('Stopped').waitFor();
    const partial = await textOf(stopped);

    fake.chat.next({ reply: ' eleven, and done.' });
    await stopped.getByRole('button', { name: 'Continue' }).click();
    const finished = await settled(page);
    await expect.poll(() => textOf(finished)).toBe(`${partial} eleven, and done.`);
    expect(await page.getByRole('article', { name: 'Reply' }).count()).toBe(1);
    // The DOM's text drops a trailing space the stopped reply may end with.
    const sentPartial = lastMessages().at(-2)!;
    expect(sentPartial.role).toBe('assistant');
    expect(sentPartial.content.trimEnd()).toBe(partial.trimEnd());
    expect(lastMessages().at(-1)!.content).toMatch(/^Your previous reply was cut off/);
    await screenshot(page, 'chat-continued-after-stop');
  });

  it('goes on after the token limit cut the reply', async () => {
    const { page, fake } = h;
    await newChat(page);
    fake.chat.next({ reply: 'A reply cut by', finishReason: 'length' });
    await send(page, 'Write at length');
    const cut = await settled(page);
    await cut.getByText('Cut short').waitFor();
    await cut.getByText('The reply reached the maximum number of tokens.').waitFor();
    await screenshot(page, 'chat-cut-by-length');

    fake.chat.next({ reply: ' the limit, now whole.' });
    await cut.getByRole('button', { name: 'Continue' }).click();
    const whole = await settled(page);
    await expect.poll(() => textOf(whole)).toBe('A reply cut by the limit, now whole.');
    expect(await whole.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});
