import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { type FakeService, startFakeService } from '../fake-service/server';
import { subtitlePackets } from '../support/audio';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { resultHeading, setPlan, sidebar, useKey } from '../support/transcription';

// The Translations panel on a transcript's page, against the fake service: the estimate said
// before anything starts, a translation on the Free plan and one on Pro, rows side by side, one
// edited in place, a name added to Names and terms, and SRT exported and read back by a parser.

const SAID =
  'Hello everyone, welcome to the planning meeting. Bilal asked why the bridge was late. Anna said the steel came late from the supplier. ' +
  'We decided to order the steel from another supplier. Anna will call the supplier before Friday.';

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;
/** The transcript's rows as main indexed them: ids and times. */
let rows: Array<{ rowId: string; startMs: number | null; endMs: number | null }>;

const panel = (page: Page) => page.getByRole('region', { name: 'Translations' });
const sideBySide = (page: Page) => panel(page).getByRole('list', { name: 'Original and translated rows' });
const chatRequests = () => fake.requests.filter((entry) => entry.path.endsWith('/chat/completions')).length;

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-translation-e2e-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put({ ...spokenRecord('meeting', SAID), createdAt: Date.now() }, null);
  rows = store.transcripts.rows.rowsOf('meeting').map(({ rowId, startMs, endMs }) => ({ rowId, startMs, endMs }));
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

async function openMeeting(page: Page) {
  await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
  await resultHeading(page, 'meeting.mp3').waitFor();
  await panel(page).getByRole('heading', { name: 'Translations', level: 2 }).waitFor();
}

/** Picks a target language by typing part of its name, as a user would, and waits for main's estimate. */
async function pickLanguage(page: Page, typed: string, name: string) {
  const field = panel(page).getByRole('combobox', { name: 'Translate into…' });
  await field.fill(typed);
  await panel(page).getByRole('option', { name, exact: true }).click();
  await panel(page).getByText('What leaves this computer for the model service:').waitFor();
}

/** Starts the estimated translation and waits until every row is translated (the panel no longer busy). */
async function translate(page: Page, language: string) {
  const before = chatRequests();
  await panel(page).getByRole('button', { name: 'Start' }).click();
  await panel(page).getByRole('heading', { name: language, level: 3 }).waitFor();
  await expect.poll(() => panel(page).getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
  await panel(page).getByRole('status').filter({ hasText: `Translated: ${rows.length}` }).first().waitFor();
  expect(chatRequests()).toBeGreaterThan(before);
}

async function exportSrt(page: Page): Promise<{ download: Download; text: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Export SRT' }).click()]);
  const path = await download.path();
  return { download, path, text: await readFile(path, 'utf8') };
}

describe('the Translations panel', () => {
  it('says what leaves the machine before a Free plan translation starts, then shows the rows side by side', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free);
    await openMeeting(page);
    const before = chatRequests();
    await pickLanguage(page, 'germ', 'German');
    const estimate = panel(page).getByRole('group', { name: 'Before translating into German' });
    await estimate.getByText(/^the transcript’s text, row by row \([\d,]+ characters\), never its timings$/).waitFor();
    await estimate.getByText(/^About [\d,]+ tokens \(batches: \d+\)\.$/).waitFor();
    // Nothing was sent while the estimate is on screen.
    expect(chatRequests()).toBe(before);
    await page.setViewportSize({ width: 800, height: 600 });
    await estimate.scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-estimate-800x600');
    await translate(page, 'German');

    const shown = sideBySide(page).getByRole('listitem');
    await expect.poll(() => shown.count()).toBe(rows.length);
    const first = shown.first();
    expect(await first.locator('.original-text').innerText()).toContain('Hello everyone');
    // The fake "translates" by naming the language before the row's text.
    expect(await first.getByRole('textbox').inputValue()).toBe('de: Hello everyone, welcome to the planning meeting.');
    expect(await panel(page).getByText('Untranslated: shows the original').count()).toBe(0);

    for (const [width, height] of [
      [800, 600],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await panel(page).scrollIntoViewIfNeeded();
      await screenshot(page, `translation-${width}x${height}`);
    }
  });

  it('keeps an edited row, adds a name to Names and terms, and exports SRT at the rows\' own times', async () => {
    const { page } = s;
    await openMeeting(page);
    await panel(page).getByRole('button', { name: 'German', exact: true }).click();
    const field = sideBySide(page).getByRole('textbox', { name: 'Translation of row 2' });
    await field.fill('Bilal fragte, warum die Brücke zu spät kam.');
    await field.press('Enter');
    await sideBySide(page).getByRole('listitem').nth(1).getByText('Edited by you').waitFor();

    await panel(page).getByRole('textbox', { name: 'Term', exact: true }).fill('Bilal');
    await panel(page).getByRole('textbox', { name: 'Spelled', exact: true }).fill('Bilál');
    await panel(page).getByRole('button', { name: 'Add', exact: true }).click();
    await panel(page).getByRole('listitem').filter({ hasText: 'Bilal → Bilál' }).waitFor();

    // Read again from main: the edit and the entry were kept.
    await page.reload();
    await openMeeting(page);
    await panel(page).getByRole('button', { name: 'German', exact: true }).click();
    await expect.poll(() => sideBySide(page).getByRole('textbox', { name: 'Translation of row 2' }).inputValue()).toBe('Bilal fragte, warum die Brücke zu spät kam.');
    await panel(page).getByRole('listitem').filter({ hasText: 'Bilal → Bilál' }).waitFor();

    const { download, text, path } = await exportSrt(page);
    expect(download.suggestedFilename()).toMatch(/\.srt$/);
    // The edited wording, broken into lines by German's subtitle rules.
    expect(text.replace(/\s+/g, ' ')).toContain('Bilal fragte, warum die Brücke zu spät kam.');
    // No empty cue: every block has its number, its times and a line of text.
    const blocks = text.trim().split(/\r?\n\r?\n/);
    expect(blocks.every((block) => block.split(/\r?\n/).length >= 3 && block.split(/\r?\n/)[2]!.trim() !== '')).toBe(true);
    // Read back by ffmpeg: each row's cues start at its start, the last ends at the last row's end (timings never went through the model).
    const packets = await subtitlePackets(path);
    expect(packets.length).toBe(blocks.length);
    for (const row of rows) expect(packets.some((packet) => Math.abs(packet.start - row.startMs! / 1000) < 0.0015)).toBe(true);
    expect(Math.max(...packets.map((packet) => packet.end))).toBeCloseTo(Math.max(...rows.map((row) => row.endMs ?? 0)) / 1000, 2);
  });

  it('translates on the Pro plan too', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openMeeting(page);
    await pickLanguage(page, 'japa', 'Japanese');
    await translate(page, 'Japanese');
    await expect.poll(() => sideBySide(page).getByRole('listitem').count()).toBe(rows.length);
    expect(await sideBySide(page).getByRole('textbox', { name: 'Translation of row 2' }).inputValue()).toBe('ja: Bilal asked why the bridge was late.');
    await panel(page).getByRole('button', { name: 'Delete this translation' }).click();
    // Asked first: the user's edits go with it.
    const confirm = panel(page).getByText('Delete the Japanese translation, your edits to it included?');
    await confirm.waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'translation-delete-800x600');
    await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Japanese', exact: true }).waitFor({ state: 'detached' });
    await panel(page).getByRole('button', { name: 'German', exact: true }).click();
    await panel(page).getByRole('button', { name: 'Delete this translation' }).click();
    await panel(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await panel(page).getByRole('button', { name: 'German', exact: true }).waitFor({ state: 'detached' });
  });
});
