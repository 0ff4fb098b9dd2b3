import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { caretAt, putSpokenMeeting, row, savedDocument } from '../support/transcript-editor';
import { resultHeading, sidebar } from '../support/transcription';

// A translation edited in the transcript editor (issue 39, item 4): the German track shown under
// the original rows, a row's translation edited in place and kept over a reload and in the SRT
// export, a split of an original row marking its translation stale in the editor and, live, in
// the Translations panel of another tab, and Find reaching the translation's own words.

let browser: Browser;
let dataDir: string;
let s: Session;
let other: BrowserContext;
let b: Page;
/** How many rows the meeting has before the split. */
let rowCount = 0;

/** The meeting's rows translated into German as the fake service would ("de: " before each). */
function seed(dir: string) {
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  putSpokenMeeting(store);
  store.translations.ensure('meeting', 'de', Date.now());
  const rows = store.transcripts.rows.rowsOf('meeting');
  rowCount = rows.length;
  store.translations.putRows(
    'meeting',
    'de',
    rows.map((row) => ({ rowId: row.rowId, text: `de: ${row.text}`, status: 'translated' as const, edited: false, source: row.text })),
  );
  store.close();
}

const trackPicker = (page: Page) => page.getByRole('combobox', { name: 'Translation under each row' });
const translationOf = (page: Page, n: number) => page.getByRole('region', { name: 'Transcript rows' }).getByRole('textbox', { name: `Translation of row ${n}` });
const panel = (page: Page) => page.getByRole('region', { name: 'Translations' });

async function openTheEditor(page: Page) {
  await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
  await resultHeading(page, 'meeting.mp3').waitFor();
  await page.getByRole('button', { name: 'Edit transcript' }).click();
  await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-translation-editor-'));
  seed(dataDir);
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
  other = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  b = await other.newPage();
  await openFirstScreen(b, s.app.url, (page) => page.getByRole('heading', { name: 'New chat' }).waitFor());
});

afterAll(async () => {
  await other?.close();
  await s?.close();
  await browser?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a translation in the transcript editor', () => {
  it('shows the track only when picked, edits a row in place, and keeps the edit over a reload and in the SRT export', async () => {
    const { page } = s;
    await openTheEditor(page);
    // Off by default: the rows show the original only.
    await expect.poll(() => trackPicker(page).inputValue()).toBe('');
    expect(await translationOf(page, 1).count()).toBe(0);
    await trackPicker(page).selectOption({ label: 'German' });
    await expect.poll(() => translationOf(page, 1).inputValue()).toBe('de: Bella asked Anna about the bridge.');

    await translationOf(page, 1).fill('Bella fragte Anna nach der Brücke.');
    await translationOf(page, 1).press('Enter');
    await page.getByRole('region', { name: 'Transcript rows' }).getByText('Edited by you').waitFor();
    for (const [width, height] of [
      [800, 600],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `translation-editor-${width}x${height}`);
    }

    await page.reload();
    await openTheEditor(page);
    await trackPicker(page).selectOption({ label: 'German' });
    await expect.poll(() => translationOf(page, 1).inputValue()).toBe('Bella fragte Anna nach der Brücke.');

    // The SRT export (the Translations panel's, main's cues) carries the editor's wording.
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await panel(page).getByRole('button', { name: 'German', exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Export SRT' }).click()]);
    const srt = await readFile(await download.path(), 'utf8');
    expect(srt.replace(/\s+/g, ' ')).toContain('Bella fragte Anna nach der Brücke.');
    expect(srt).not.toContain('de: Bella asked');
  });

  it('marks a split row’s translation stale at once, in the editor and in another tab’s Translations panel', async () => {
    const { page } = s;
    // Another tab shows the German translation side by side on the transcript's page.
    await sidebar(b).getByRole('button', { name: 'meeting.mp3' }).click();
    await panel(b).getByRole('button', { name: 'German', exact: true }).click();
    const sideBySide = panel(b).getByRole('list', { name: 'Original and translated rows' });
    await expect.poll(() => sideBySide.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await panel(b).getByText('Stale: the original changed since').count()).toBe(0);

    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await trackPicker(page).selectOption({ label: 'German' });
    await caretAt(page, 1, 'about');
    // Enter in a row splits it at the caret.
    await row(page, 1).press('Enter');
    await expect.poll(() => savedDocument(dataDir)?.blocks.length).toBe(rowCount + 1);

    // The first half keeps the row's id and its translation, now stale; the second half is new.
    const rows = page.getByRole('region', { name: 'Transcript rows' });
    await rows.getByText('Stale: the original changed since').waitFor();
    await rows.getByText('Not translated yet').waitFor();
    expect(await translationOf(page, 1).inputValue()).toBe('Bella fragte Anna nach der Brücke.');
    // The other tab's panel follows without a reload.
    await sideBySide.getByRole('listitem').first().getByText('Stale: the original changed since').waitFor();
    await sideBySide.getByRole('listitem').nth(1).getByText('Not translated yet').waitFor();
    await panel(b).getByText(/Stale: 1/).first().waitFor();

    // Ctrl+Z in a translation's field is the field's own undo, never a step of the document's: the split
    // stays (taken back, the status would read "Original").
    await translationOf(page, 2).focus();
    await page.keyboard.type(' noch');
    await page.keyboard.press('Control+z');
    await translationOf(page, 2).press('Escape');
    await page.getByRole('toolbar', { name: 'Editing' }).getByRole('status').filter({ hasText: 'All edits saved' }).waitFor();
    expect(savedDocument(dataDir)?.blocks.length).toBe(rowCount + 1);
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'translation-editor-stale-800x600');
  });

  it('finds words of the translation shown (main’s search), and not while the track is off', async () => {
    const { page } = s;
    await page.keyboard.press('Control+f');
    const find = page.getByRole('search', { name: 'Find and replace' });
    await find.getByRole('textbox', { name: 'Find' }).fill('Brücke');
    await find.getByRole('status').filter({ hasText: '1 of 1' }).waitFor();
    await trackPicker(page).selectOption({ label: 'None' });
    await find.getByRole('status').filter({ hasText: 'No matches' }).waitFor();
    expect(await translationOf(page, 1).count()).toBe(0);
  });
});
