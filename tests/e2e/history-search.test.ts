import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { openSeededSession, putConversation } from '../support/seed-conversation';
import { T } from '../support/stored-messages';
import { testFolder } from '../support/temp-folder';

// Search over a history written before this start (a long conversation, markup, a
// transcript), with no service at all: everything here works offline.

let browser: Browser;
let s: Session;


const FOUND = 'The quokka is a small marsupial that always seems to smile.';
const HOSTILE = '<img src=x onerror=window.__pwned=1> a quokka in markup';
const LAST = 'Message 59: the last word on kangaroos.';

/** A history as an earlier run left it: one long conversation, one with markup, one transcript. */
function seed(store: HistoryStore) {
  const animal = (i: number) => (i === 3 ? FOUND : i === 59 ? LAST : `Message ${i}: kangaroos hop, wombats dig, and koalas sleep most of the day.\n\n`.repeat(3));
  putConversation(store, { id: 'animals', title: 'Australian animals', count: 60, text: animal });
  putConversation(store, { id: 'markup', title: 'Markup test', count: 1, text: () => HOSTILE });
  store.transcripts.put(
    {
      id: 'walk',
      fileName: 'island-walk.mp3',
      createdAt: T + 5,
      request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [] },
      transcript: {
        format: 'json',
        text: 'We saw a quokka near the ferry landing.',
        raw: '{"text":"We saw a quokka near the ferry landing."}',
        language: 'en',
        duration: 4,
        segments: [],
        words: [],
      },
    },
    null,
  );
}

beforeAll(async () => {
  browser = await launchChromium();
  s = await openSeededSession(browser, 'search', seed);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
});

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });
const searchBox = () => sidebar().getByRole('searchbox', { name: 'Search conversations and transcripts' });
const hits = () => sidebar().getByRole('list', { name: 'Search results' }).getByRole('button');

/** Whether the element is inside the visible part of the message list. */
async function inView(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const list = await s.page.getByRole('region', { name: 'Messages' }).boundingBox();
  return box !== null && list !== null && box.y + box.height > list.y && box.y < list.y + list.height;
}

describe('search, offline', () => {
  it('finds messages and transcripts as the word is typed, with the matches marked', async () => {
    await searchBox().fill('quok');
    await expect.poll(() => hits().count()).toBe(3);
    const texts = await hits().allInnerTexts();
    expect(texts.filter((text) => text.includes('Australian animals'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('island-walk.mp3') && text.includes('Transcript'))).toHaveLength(1);
    for (const hit of await hits().all()) expect(await hit.locator('mark').allInnerTexts()).toEqual(['quokka']);
    await screenshot(s.page, 'history-search-hits');
  });

  it('shows markup in a snippet as text: no element is made from it, no script runs', async () => {
    const hit = hits().filter({ hasText: 'Markup test' });
    await hit.getByText('<img src=x onerror=window.__pwned=1>', { exact: false }).waitFor();
    expect(await sidebar().locator('img, script').count()).toBe(0);
    expect(await s.page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  });

  it('opens an old message of a long conversation scrolled to it, highlighted', async () => {
    const { page } = s;
    await hits().filter({ hasText: 'Australian animals' }).click();
    await page.getByRole('heading', { name: 'Australian animals' }).waitFor();
    const found = page.locator('[data-highlighted]');
    await found.getByText(FOUND).waitFor();
    await expect.poll(() => inView(found)).toBe(true);
    // The list opened at the hit, not at its end.
    const last = page.getByText(LAST);
    expect((await last.count()) === 0 || !(await inView(last))).toBe(true);
  });

  it('opens a transcript hit on the transcription screen', async () => {
    await hits().filter({ hasText: 'island-walk.mp3' }).click();
    await s.page.getByRole('heading', { level: 1, name: 'island-walk.mp3' }).waitFor();
  });

  it('says so when nothing matches', async () => {
    await searchBox().fill('platypus');
    await sidebar().getByRole('status').getByText('No matches for “platypus”.').waitFor();
    expect(await hits().count()).toBe(0);
    await screenshot(s.page, 'history-search-empty');
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});

describe('a history that could not be opened', () => {
  it('says so once, plainly, until dismissed, and starts with an empty list', async () => {
    const dir = await testFolder('confab-broken-');
    await writeFile(join(dir, 'history.sqlite'), 'This is not an SQLite database, just text where one should be.');
    const broken = await openSession(browser, { APP_DATA_DIR: dir });
    try {
      const notice = broken.page.getByRole('alert').filter({ hasText: 'Your conversation history could not be opened' });
      await notice.getByText(/The file was kept as .*history\.sqlite\.unusable-/).waitFor();
      await screenshot(broken.page, 'history-problem-notice');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      expect(await notice.count()).toBe(0);
      await broken.page.getByText('Your conversations will appear here.').waitFor();
      expect(broken.errors).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
