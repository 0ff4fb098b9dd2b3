import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { editRow, row, savedDocument } from '../support/transcript-editor';
import { sidebar } from '../support/transcription';

// A meeting recorded in Confab, with two markers dropped while it ran: one named, one not. Its
// page and its editor show each where it falls among the words, with its time, and play from
// there; an edit leaves them where they were.

/** A word every half second (spokenRecord): "late." at 5.5 s, "Then" at 6 s, the last word at 8.5 s. */
const SAID = 'Bella asked Anna about the bridge. Anna said the steel came late. Then we talked about the budget.';
const MARKERS = [
  { at: 5.8, label: 'Steel delivery' },
  { at: 9.2, label: '' },
];

let browser: Browser;
let audio: AudioFixtures;
let dataDir: string;
let s: Session;

beforeAll(async () => {
  audio = await audioFixtures();
  const recording = await audio.pad(await audio.speak('said.wav', SAID), 'meeting.wav', 4);
  dataDir = await mkdtemp(join(tmpdir(), 'confab-markers-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  const record = spokenRecord('meeting', SAID, 10);
  store.transcripts.put({ ...record, createdAt: Date.now(), transcript: { ...record.transcript, markers: MARKERS } }, recording);
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
  await audio?.close();
});

const named = (page: Page) => page.getByRole('button', { name: 'Steel delivery 0:05' });
const numbered = (page: Page) => page.getByRole('button', { name: /^Marker 2 / });
/** Where the player is, in seconds. */
const playhead = (page: Page) => page.locator('audio').evaluate((player: HTMLAudioElement) => player.currentTime);

/** The text of the list in reading order, markers included, spaces collapsed. */
const shownText = (list: ReturnType<Page['getByRole']>) => list.innerText().then((text) => text.replace(/\s+/g, ' '));

async function bothSizes(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 800, height: 600 });
  await screenshot(page, `${name}-800`);
  await page.setViewportSize({ width: 1100, height: 800 });
}

describe('markers dropped while recording', () => {
  it('show on the transcript page between the words where they fall, and play from there', async () => {
    const { page } = s;
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    const text = page.getByRole('region', { name: 'Transcript' });
    await named(page).waitFor();
    await numbered(page).waitFor();
    const shown = await shownText(text);
    // Named where it falls (after "late.", before "Then"); the unnamed one numbered, after the last word.
    expect(shown).toMatch(/came late\. ◆ ?Steel delivery ?0:05 .*Then we talked about the budget\. ◆ ?Marker 2 ?0:09$/);
    await named(page).click();
    await expect.poll(() => playhead(page)).toBeGreaterThanOrEqual(5.8);
    expect(await playhead(page)).toBeLessThan(7.5);
    await page.locator('audio').evaluate((player: HTMLAudioElement) => player.pause());
    await bothSizes(page, 'transcript-markers-result');
  });

  it('show in the editor between its rows, play from there, and stay where they were after an edit', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
    const rows = page.getByRole('region', { name: 'Transcript rows' });
    await rows.getByRole('button', { name: 'Steel delivery 00:05.8' }).waitFor();
    await rows.getByRole('button', { name: /^Marker 2 / }).waitFor();
    // A row is a cue: the marker's line follows the row it falls in, and a sign shows where among its words.
    expect(await shownText(rows)).toMatch(/came late\. ◆ Then we talked about the budget\. ◆ ?Steel delivery ?00:05\.8 ◆ ?Marker 2 ?00:09\.2$/);

    await rows.getByRole('button', { name: 'Steel delivery 00:05.8' }).click();
    await expect.poll(() => playhead(page)).toBeGreaterThanOrEqual(5.8);
    await page.locator('audio').evaluate((player: HTMLAudioElement) => player.pause());

    await editRow(page, 1);
    await row(page, 1).fill('Bilal asked Anna about the bridge.');
    await expect.poll(() => savedDocument(dataDir)?.blocks[0]?.words.join(' ')).toBe('Bilal asked Anna about the bridge.');
    // Row 1 is still being typed in (a text box); the rest reads as before, the markers where they were.
    await expect.poll(() => shownText(rows)).toMatch(/came late\. ◆ Then we talked about the budget\. ◆ ?Steel delivery ?00:05\.8 ◆ ?Marker 2 ?00:09\.2$/);
    await bothSizes(page, 'transcript-markers-editor');

    // The page reads the edited transcript, its markers where they were.
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await page.getByText('Edited', { exact: false }).first().waitFor();
    await expect.poll(() => shownText(page.getByRole('region', { name: 'Transcript' }))).toMatch(/Bilal asked .*came late\. ◆ ?Steel delivery ?0:05 .*Then/);
    expect(s.errors).toEqual([]);
  });
});
