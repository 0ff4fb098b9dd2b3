import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { MISSING_ROW_TEXT, UNSUPPORTED_TEXT } from '../fake-service/notes';
import { type FakeService, startFakeService } from '../fake-service/server';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { editRow, row } from '../support/transcript-editor';
import { playedFrom, player, resultHeading, sidebar, transcriptBox, useKey } from '../support/transcription';

// Meeting notes on a transcript's page, made by the fake service: every item links to the rows
// it cites and plays from the first, and the two items whose citations fail (a row that does not
// exist, a row that does not say it) are shown as not supported, in words. Each test makes the
// notes it needs on the one transcript (kept with its recording, so a link can play).

const SAID =
  'Hello everyone, welcome to the planning meeting. Bilal asked why the bridge was late. Anna said the steel came late from the supplier. ' +
  'We decided to order the steel from another supplier. Anna will call the supplier before Friday. Nobody knows what the budget for next year is.';

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;
let audio: AudioFixtures;
/** The transcript's rows as main indexed them: ids and starts. */
let rows: Array<{ rowId: string; startMs: number | null }>;

const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
const itemWith = (page: Page, text: string) => notesPanel(page).getByRole('listitem').filter({ hasText: text });
const sectionItems = (page: Page, title: string) =>
  notesPanel(page).locator('.notes-section').filter({ has: page.getByRole('heading', { name: title, level: 3 }) }).getByRole('listitem');

beforeAll(async () => {
  fake = await startFakeService();
  audio = await audioFixtures();
  // The words are timed half a second apart (spokenRecord): the recording is padded to outlast them.
  const recording = await audio.pad(await audio.speak('notes-meeting.wav', SAID), 'notes-meeting-padded.wav', 20);
  dataDir = await mkdtemp(join(tmpdir(), 'confab-notes-e2e-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put({ ...spokenRecord('meeting', SAID, await audio.duration(recording)), createdAt: Date.now() }, recording);
  rows = store.transcripts.rows.rowsOf('meeting').map(({ rowId, startMs }) => ({ rowId, startMs }));
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
  await useKey(s.page, fake.keys.free);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  await audio?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Opens the transcript and makes its notes afresh with the meeting template, whatever a test before left. */
async function makeNotes(page: Page) {
  await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
  await resultHeading(page, 'meeting.mp3').waitFor();
  const panel = notesPanel(page);
  await expect.poll(() => panel.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('meeting');
  const asked = () => fake.requests.filter((entry) => entry.path.endsWith('/chat/completions')).length;
  const before = asked();
  await panel.getByRole('button', { name: /^Make notes( again)?$/ }).click();
  // The notes request and the one asking again about its two bad items were sent: then the panel is done once it is not busy.
  await expect.poll(() => asked() - before).toBe(2);
  await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
  await panel.getByRole('button', { name: 'Make notes again' }).waitFor();
}

describe('meeting notes', () => {
  it('are made with a template: items link to the rows they cite, and neither bad citation shows as supported', async () => {
    const { page } = s;
    await makeNotes(page);
    const panel = notesPanel(page);

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

    // A decision's link lands on the row it cites (the fake's second section cites the second
    // row): highlighted, and played from its start, on and on.
    const cited = rows[1]!;
    const at = await playedFrom(page, () => sectionItems(page, 'Decisions').first().getByRole('button', { name: /^Play from/ }).click());
    expect(Math.abs(at - cited.startMs! / 1000)).toBeLessThanOrEqual(0.1);
    await expect.poll(() => transcriptBox(page).locator('mark[data-row-id]').evaluateAll((marks) => marks.map((mark) => (mark as HTMLElement).dataset.rowId))).toEqual([cited.rowId]);
    await expect.poll(() => player(page).evaluate((el: HTMLAudioElement, from) => !el.paused && el.currentTime > from + 0.1, at), { timeout: 5000 }).toBe(true);
    await player(page).evaluate((el: HTMLAudioElement) => el.pause());

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

  it('on Free are read past the model\'s reasoning: what it wrote in <think> never shows, not even while the answer streams', async () => {
    const { page } = s;
    const reasoning = 'Reasoning aloud about a zebra';
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();
    // Everything the page shows from here on is watched: a reasoning item shown for a moment counts.
    await page.evaluate((words) => {
      const seen = window as unknown as { reasoningShown: boolean };
      seen.reasoningShown = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes(words)) seen.reasoningShown = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, reasoning);
    // Free's one model answers the plain prompt thinking aloud first, braces and all, as reasoning models do.
    fake.chat.next({ think: `The user wants {"items": [{"section": "summary", "text": "${reasoning}", "rows": ["${rows[0]!.rowId}"]}]}, so I answer.` });
    const panel = notesPanel(page);
    await expect.poll(() => panel.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('meeting');
    const asked = () => fake.requests.filter((entry) => entry.path.endsWith('/chat/completions')).length;
    const before = asked();
    await panel.getByRole('button', { name: /^Make notes( again)?$/ }).click();
    // The panel is busy from the click on: not busy once the fake has answered, it is done.
    await expect.poll(() => asked() - before).toBeGreaterThan(0);
    await expect.poll(() => panel.getAttribute('aria-busy')).toBe('false');
    expect(await page.evaluate(() => (window as unknown as { reasoningShown: boolean }).reasoningShown)).toBe(false);
    await panel.getByRole('button', { name: 'Make notes again' }).waitFor();
    expect(await notesPanel(page).getByText(reasoning).count()).toBe(0);
  });

  /** Rewords the item citing Bilal's question, as the user would. */
  async function editBilalsItem(page: Page) {
    const item = itemWith(page, 'Bilal asked why the bridge was late').first();
    await item.getByRole('button', { name: 'Edit' }).click();
    // While edited, the item shows its text in a box (one at a time in the panel).
    await notesPanel(page).getByRole('textbox', { name: 'Item text' }).fill('Bilal wants to know why the bridge was late');
    await notesPanel(page).getByRole('button', { name: 'Save', exact: true }).click();
  }

  it('keep an item the user edited, marked as edited; while an edit is open, the notes are not made again over it', async () => {
    const { page } = s;
    const panel = notesPanel(page);
    await makeNotes(page);
    await itemWith(page, 'Bilal asked why the bridge was late').first().getByRole('button', { name: 'Edit' }).click();
    await panel.getByRole('textbox', { name: 'Item text' }).fill('Bilal wants to know why the bridge was late');
    // Making the notes again would replace the items, the open draft with them.
    await panel.getByText('Save or cancel the item you are editing first').waitFor();
    expect(await panel.getByRole('button', { name: 'Make notes again' }).isDisabled()).toBe(true);
    await page.setViewportSize({ width: 800, height: 600 });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'notes-editing-800x600');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await itemWith(page, 'Bilal wants to know').getByText('Edited by you').waitFor();
    expect(await panel.getByRole('button', { name: 'Make notes again' }).isEnabled()).toBe(true);
    expect(await panel.getByText('Save or cancel the item you are editing first').count()).toBe(0);
  });

  it('are out of date once a cited row is edited, and Update makes only those items again, keeping the one the user edited', async () => {
    const { page } = s;
    const panel = notesPanel(page);
    await makeNotes(page);
    await editBilalsItem(page);
    await itemWith(page, 'Bilal wants to know').getByText('Edited by you').waitFor();
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
