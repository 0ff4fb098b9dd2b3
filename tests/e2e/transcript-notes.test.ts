import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { MISSING_ROW_TEXT, UNSUPPORTED_TEXT } from '../fake-service/notes';
import { type FakeService, startFakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { editRow, row } from '../support/transcript-editor';
import { resultHeading, sidebar, useKey } from '../support/transcription';

// Meeting notes on a transcript's page, made by the fake service: every item links to the rows
// it cites, and the two items whose citations fail (a row that does not exist, a row that does
// not say it) are shown as not supported, in words.

const SAID =
  'Hello everyone, welcome to the planning meeting. Bilal asked why the bridge was late. Anna said the steel came late from the supplier. ' +
  'We decided to order the steel from another supplier. Anna will call the supplier before Friday. Nobody knows what the budget for next year is.';

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;

const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
const itemWith = (page: Page, text: string) => notesPanel(page).getByRole('listitem').filter({ hasText: text });

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-notes-e2e-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put({ ...spokenRecord('meeting', SAID, 60), createdAt: Date.now() }, null);
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

describe('meeting notes', () => {
  it('are made with a template: items link to the rows they cite, and neither bad citation shows as supported', async () => {
    const { page } = s;
    await useKey(page, fake.keys.free);
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();
    const panel = notesPanel(page);
    await expect.poll(() => panel.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('meeting');
    await panel.getByRole('button', { name: 'Make notes', exact: true }).click();
    await panel.getByRole('button', { name: 'Make notes again' }).waitFor();

    for (const section of ['Summary', 'Decisions', 'Action items', 'Open questions']) {
      await panel.getByRole('heading', { name: section, level: 3 }).waitFor();
    }
    // Supported items, each with its time as a link that plays from its first cited row.
    const supported = panel.getByRole('listitem').filter({ hasText: 'Supported by the transcript' });
    expect(await supported.count()).toBeGreaterThanOrEqual(4);
    for (const item of await supported.all()) await expect.poll(() => item.getByRole('button', { name: /^Play from \d+:\d\d$/ }).count()).toBe(1);

    for (const text of [MISSING_ROW_TEXT, UNSUPPORTED_TEXT]) {
      const item = itemWith(page, text);
      await item.getByText('Not supported by the cited rows').waitFor();
      expect(await item.getByText('Supported by the transcript').count()).toBe(0);
    }

    // A link asks the page for its rows (playing and highlighting them is the transcript's).
    await supported.first().getByRole('button', { name: /^Play from/ }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();

    for (const [width, height] of [
      [800, 600],
      [1440, 900],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `notes-${width}x${height}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: null });
  });

  it('keep an item the user edited, marked as edited', async () => {
    const { page } = s;
    const item = itemWith(page, 'Bilal asked why the bridge was late').first();
    await item.getByRole('button', { name: 'Edit' }).click();
    // While edited, the item shows its text in a box (one at a time in the panel).
    await notesPanel(page).getByRole('textbox', { name: 'Item text' }).fill('Bilal wants to know why the bridge was late');
    await notesPanel(page).getByRole('button', { name: 'Save', exact: true }).click();
    await itemWith(page, 'Bilal wants to know').getByText('Edited by you').waitFor();
  });

  it('are out of date once a cited row is edited, and Update makes only those items again, keeping the one the user edited', async () => {
    const { page } = s;
    const panel = notesPanel(page);
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
    await editRow(page, 3);
    await row(page, 3).fill('Anna said the steel came very late from the supplier.');
    await page.getByRole('toolbar', { name: 'Editing' }).getByRole('status').filter({ hasText: 'All edits saved' }).waitFor();
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();

    await panel.getByText('The transcript was edited after these notes were made').waitFor();
    await itemWith(page, 'Anna said the steel came late').getByText('Out of date').waitFor();
    expect(await itemWith(page, 'Bilal wants to know').getByText('Out of date').count()).toBe(0);
    await page.setViewportSize({ width: 800, height: 600 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'notes-out-of-date-800x600');

    await panel.getByRole('button', { name: 'Update' }).click();
    await itemWith(page, 'Anna said the steel came very late').getByText('Supported by the transcript').waitFor();
    await expect.poll(() => panel.getByText('Out of date').count()).toBe(0);
    expect(await itemWith(page, 'Anna said the steel came late').count()).toBe(0);
    await itemWith(page, 'Bilal wants to know').getByText('Edited by you').waitFor();
  });
});
