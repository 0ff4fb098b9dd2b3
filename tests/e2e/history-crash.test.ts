import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { lastReply, replies, send, settled, textOf, useKey } from '../support/chat';

// The app killed mid-reply (a crash, a force quit, a power cut): main records a reply as it
// grows, so after the restart the text up to about the kill is there, marked interrupted.

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

const ASKED = 'Count for me, slowly';
// About 20 s of streaming: far longer than the test waits before the kill.
const FULL = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
/** The growing reply as main last saved it. */
function savedReply(): string {
  const db = new DatabaseSync(join(s.dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const row = db.prepare("SELECT content FROM messages WHERE role = 'assistant' ORDER BY created_at DESC LIMIT 1").get() as { content: string } | undefined;
    return row?.content ?? '';
  } finally {
    db.close();
  }
}

const sidebar = () => s.page.getByRole('navigation', { name: 'Sections' });

async function open(title: string) {
  await sidebar().getByRole('button', { name: title, exact: true }).click();
  await s.page.getByRole('heading', { name: title }).waitFor();
  await lastReply(s.page).waitFor();
}

describe('a reply interrupted by a crash', () => {
  let before = '';

  it('is streaming when the app is killed', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    fake.chat.next({ reply: FULL, chunkSize: 6, intervalMs: 25 });
    await send(page, ASKED);
    await expect.poll(async () => (await textOf(lastReply(page))).length).toBeGreaterThan(0);
    // Main saves the growing reply about once a second; the kill comes once a save has
    // reached the database (read as another process would, without the app's help).
    await expect.poll(savedReply, { timeout: 15_000 }).toMatch(/word\d+ word\d+/);
    // The page shows the text trimmed; a save may end with the space before the next word.
    before = savedReply().trimEnd();
    expect(await lastReply(page).getAttribute('aria-busy')).toBe('true');
    await s.restart({ kill: true });
  });

  it('comes back after the restart with the text up to about the kill, marked Interrupted', async () => {
    await open(ASKED);
    const reply = lastReply(s.page);
    const kept = await textOf(reply);
    expect(FULL.startsWith(kept)).toBe(true);
    expect(kept.length).toBeGreaterThanOrEqual(before.length);
    expect(kept.length).toBeLessThan(FULL.length);
    await reply.getByText('Interrupted', { exact: true }).waitFor();
    await reply.getByText('Confab closed before this reply finished.').waitFor();
    expect(await reply.getAttribute('aria-busy')).toBe('false');
    await screenshot(s.page, 'history-interrupted-reply');
  });

  it('regenerates the interrupted reply, and the new one is what a later start shows', async () => {
    fake.chat.next({ reply: 'All ten, this time: one to ten.' });
    await lastReply(s.page).getByRole('button', { name: 'Regenerate reply' }).click();
    const reply = await settled(s.page);
    expect(await textOf(reply)).toBe('All ten, this time: one to ten.');
    expect(await reply.getByText('Interrupted', { exact: true }).count()).toBe(0);

    await s.restart();
    await open(ASKED);
    expect(await replies(s.page).count()).toBe(1);
    expect(await textOf(lastReply(s.page))).toBe('All ten, this time: one to ten.');
    expect(await lastReply(s.page).locator('.badge').count()).toBe(0);
  });

  it('logged no error on the way', () => {
    expect(s.errors).toEqual([]);
  });
});
