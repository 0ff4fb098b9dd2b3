import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { send, settled, textOf, useKey } from '../support/chat';

// The journey: a streamed chat, the app and the service both gone, the app back on
// the same data folder: the conversation is there, and search finds it, all offline.

let browser: Browser;
let fake: FakeService;
let s: Session;

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

const ASKED = 'How do lighthouses warn ships?';
const REPLY = [
  'A lighthouse marks dangerous coasts with a **beam** that ships can see from far away.',
  '',
  'The Fresnel lens bends the light of one lamp into a narrow beam, so it carries for miles.',
  'Each light flashes in its own rhythm, so sailors can tell which lighthouse they are looking at.',
].join('\n');
const FOLLOW_UP = 'And in fog?';
const FOG_REPLY = 'In fog, a foghorn sounds at a fixed interval.';

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });
const search = () => s.page.getByRole('searchbox', { name: 'Search conversations and transcripts' });

describe('history journey', () => {
  it('chats in Chromium with a streamed reply', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    fake.chat.next({ reply: REPLY, chunkSize: 5, intervalMs: 10 });
    await send(page, ASKED);
    expect(await textOf(await settled(page))).toContain('Fresnel lens');
    fake.chat.next({ reply: FOG_REPLY });
    await send(page, FOLLOW_UP);
    expect(await textOf(await settled(page))).toBe(FOG_REPLY);
    await sidebar().getByRole('button', { name: ASKED, exact: true }).waitFor();
  });

  it('after the app and the service have stopped, the app reopens with the conversation and its messages', async () => {
    await fake.close();
    await s.restart();
    const { page } = s;
    // Listed at start without opening anything: the new chat is what shows.
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    await sidebar().getByRole('button', { name: ASKED, exact: true }).click();
    await page.getByRole('heading', { name: ASKED }).waitFor();
    const mine = page.getByRole('article', { name: 'Your message' });
    const replies = page.getByRole('article', { name: 'Reply' });
    await expect.poll(() => mine.count()).toBe(2);
    expect(await mine.allInnerTexts()).toEqual([expect.stringContaining(ASKED), expect.stringContaining(FOLLOW_UP)]);
    expect(await textOf(replies.first())).toContain('The Fresnel lens bends the light of one lamp');
    expect(await textOf(replies.last())).toBe(FOG_REPLY);
    await replies.first().getByRole('strong').getByText('beam').waitFor();
    // Usage was recorded with the reply.
    await replies.last().getByText(/\d+ prompt \+ \d+ completion = \d+ tokens/).waitFor();
  });

  it('finds a word of the reply, highlighted in the snippet, and opens the conversation at it', async () => {
    const { page } = s;
    await page.getByRole('button', { name: /^New chat/ }).click();
    await page.keyboard.press('Control+K');
    expect(await search().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('fresnel');
    const results = sidebar().getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('button').filter({ hasText: 'The Fresnel lens' });
    await hit.waitFor();
    expect(await hit.locator('mark').allInnerTexts()).toEqual(['Fresnel']);
    await hit.getByText(ASKED).waitFor();
    await screenshot(page, 'history-search-results');

    await hit.click();
    await page.getByRole('heading', { name: ASKED }).waitFor();
    const found = page.locator('[data-highlighted]');
    await found.getByRole('article', { name: 'Reply' }).getByText('The Fresnel lens bends the light of one lamp').waitFor();
    // The highlight fades and goes.
    await expect.poll(() => found.count(), { timeout: 5000 }).toBe(0);
  });

  it('empties the search with Esc and shows the conversations again', async () => {
    const { page } = s;
    await search().focus();
    await page.keyboard.press('Escape');
    expect(await search().inputValue()).toBe('');
    await sidebar().getByRole('list', { name: 'Chats' }).getByRole('button', { name: ASKED, exact: true }).waitFor();
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
