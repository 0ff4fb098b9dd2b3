import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { type FakeService, startFakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { longMeeting } from '../support/spoken-record';
import { resultHeading, sidebar, transcriptBox, useKey } from '../support/transcription';

// A 3-hour transcript's notes, longer than the fake's model takes: made in parts as a model job,
// its progress shown on the Notes panel, and the notes saying what they cover.

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-notes-parts-e2e-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put({ ...longMeeting('long', 3), fileName: 'board-meeting.mp3', createdAt: Date.now() }, null);
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('notes of a long transcript', () => {
  it('shows the 3-hour transcript in the page\'s one scroll, only the paragraphs near the view drawn', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 800, height: 600 });
    await sidebar(page).getByRole('button', { name: 'board-meeting.mp3' }).click();
    await resultHeading(page, 'board-meeting.mp3').waitFor();
    const transcript = transcriptBox(page);
    await transcript.locator('button.word').first().waitFor();
    const shape = () =>
      transcript.evaluate((box) => {
        const screen = box.closest('.screen')!;
        return {
          ownScroll: box.scrollHeight > box.clientHeight + 1,
          pageTaller: screen.scrollHeight > 20 * screen.clientHeight,
          words: box.querySelectorAll('button.word').length,
        };
      });
    const first = await shape();
    expect(first).toMatchObject({ ownScroll: false, pageTaller: true });
    expect(first.words).toBeLessThan(2500);
    // Scrolled with the page, the list draws the end of the meeting.
    await transcript.evaluate((box) => box.closest('.screen')!.scrollBy(0, box.getBoundingClientRect().height - 400));
    await transcript.locator('.para', { hasText: 'Topic 2700 was reviewed' }).waitFor();
    expect((await shape()).words).toBeLessThan(2500);
    // The player stays pinned in reach while the transcript scrolls by.
    const bar = (await page.locator('.player').boundingBox())!;
    expect(bar.y).toBeGreaterThanOrEqual(0);
    expect(bar.y).toBeLessThan(60);
    await screenshot(page, 'transcript-long-scrolled-800x600');
    await transcript.evaluate((box) => box.closest('.screen')!.scrollTo(0, 0));
  });


  it('are made in parts with their progress shown, and say what they cover', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free);
    // About 130,000 characters of rows; the model takes 30,000. The first part answered is held, so its progress shows.
    fake.setContextLimit(30_000);
    fake.chat.next({ latencyMs: 3000 });
    await sidebar(page).getByRole('button', { name: 'board-meeting.mp3' }).click();
    await resultHeading(page, 'board-meeting.mp3').waitFor();
    const panel = page.getByRole('region', { name: 'Notes' });
    await panel.getByRole('button', { name: 'Make notes', exact: true }).click();

    const progress = panel.getByRole('status').filter({ hasText: /^Part \d+ of \d+ done · \d+ tokens used$/ });
    await progress.waitFor();
    await expect.poll(() => progress.textContent()).toMatch(/^Part 0 of [3-9] done/);
    await page.setViewportSize({ width: 800, height: 600 });
    await progress.scrollIntoViewIfNeeded();
    await screenshot(page, 'notes-in-parts-progress-800x600');
    await panel.getByRole('button', { name: 'Make notes again' }).waitFor({ timeout: 60_000 });

    // One stretch, the whole meeting, and nothing named as left out.
    await panel.getByText('Made from:').waitFor();
    expect(await panel.locator('.notes-covers').textContent()).toBe('Made from: 0:00–2:59:59');
    expect(await panel.getByText(/^Not covered/).count()).toBe(0);
    expect(await panel.getByRole('listitem').filter({ hasText: 'Supported by the transcript' }).count()).toBeGreaterThan(4);

    for (const [width, height] of [
      [800, 600],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel.getByText('Made from:').scrollIntoViewIfNeeded();
      await screenshot(page, `notes-in-parts-${width}x${height}`);
    }
  });
});
