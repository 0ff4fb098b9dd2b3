import type { Browser } from 'playwright-core';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium } from '../support/browser';
import type { Session } from '../support/history-app';
import { backToChat, lastRequestBody, send, settled, useKey } from '../support/chat';
import { openSeededSession, putConversation } from '../support/seed-conversation';

// A long conversation opens with its last page of messages; scrolling to the top brings the
// earlier ones, and a reply is still sent the whole conversation.

let browser: Browser;
let fake: FakeService;
let s: Session;

const COUNT = 250;
const line = (conversation: string, i: number) => `${conversation} line ${i}: the tide comes in and goes out again.`;

const seedBoth = (store: HistoryStore) => {
  for (const id of ['Tides', 'Waves']) putConversation(store, { id, count: COUNT, text: (i) => line(id, i) });
};

beforeAll(async () => {
  fake = await startFakeService();
  browser = await launchChromium();
  s = await openSeededSession(browser, 'paging', seedBoth, { APP_BASE_URL: fake.baseUrl });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
});

const messages = () => s.page.getByRole('region', { name: 'Messages' });

describe('a long conversation', () => {
  it('opens at its end without its earliest messages, and loads them as the list reaches the top', async () => {
    const { page } = s;
    await backToChat(page, 'Tides');
    await page.getByText(line('Tides', COUNT - 1)).waitFor();
    expect(await page.getByText(line('Tides', 0), { exact: true }).count()).toBe(0);
    // Scroll to the top again and again: each time the list reaches it, the page before arrives.
    await expect
      .poll(
        async () => {
          await messages().evaluate((element) => element.scrollTo({ top: 0 }));
          return page.getByText(line('Tides', 0), { exact: true }).count();
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    expect(s.errors).toEqual([]);
  });

  it('keeps what was on screen in place when an earlier page is prepended', async () => {
    const { page } = s;
    await backToChat(page, 'Waves');
    await page.getByText(line('Waves', COUNT - 1)).waitFor();
    // The first loaded message, at the top: the page before it is prepended above it.
    const firstLoaded = line('Waves', COUNT - 100);
    const anchor = page.getByText(firstLoaded, { exact: true });
    await expect
      .poll(async () => {
        await messages().evaluate((element) => element.scrollTo({ top: 0 }));
        return anchor.count();
      })
      .toBe(1);
    // Once, and no further: the page before arrives without another scroll.
    await page.getByText(line('Waves', COUNT - 101), { exact: true }).waitFor({ state: 'attached' });
    // Still near the top of the view, not thrown far below by the hundred messages above it. The
    // list settles its scroll position over the frames after the page arrives: read it once still.
    let offset = Number.NaN;
    await expect
      .poll(async () => {
        const [list, box] = await Promise.all([messages().boundingBox(), anchor.boundingBox()]);
        const previous = offset;
        offset = list && box ? box.y - list.y : Number.NaN;
        return offset === previous;
      })
      .toBe(true);
    expect(offset).toBeGreaterThan(-400);
    expect(offset).toBeLessThan((await messages().boundingBox())!.height);
  });

  it('sends the whole conversation with a new message, loading the earlier pages first', async () => {
    // A fresh start: the conversation is opened with its last page only.
    await s.restart();
    const { page } = s;
    await useKey(page, fake.keys.pro, 'Waves');
    await page.getByText(line('Waves', COUNT - 1)).waitFor();
    fake.chat.next({ reply: 'The moon pulls the water.' });
    await send(page, 'Why?');
    await settled(page);
    const sent = lastRequestBody(fake).messages as { role: string; content: string }[];
    expect(sent).toHaveLength(COUNT + 1);
    expect(sent[0]).toEqual({ role: 'user', content: line('Waves', 0) });
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: line('Waves', COUNT - 1) });
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Why?' });
    expect(s.errors).toEqual([]);
  });
});
