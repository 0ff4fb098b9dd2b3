import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeService } from '../fake-service/server';
import { SCREENS, screenshot } from '../support/browser';
import type { Session } from '../support/history-app';
import { HEARD, type Meeting, caretAt, heardWords, openEditor, openMeeting, savedDocument } from '../support/transcript-editor';
import { dropFiles, fileOf, openTranscribe, player, resultHeading, setPlan, setTheme, sidebar, transcriptBox, useKey } from '../support/transcription';

// The transcript page shows main's rows, each under its id, edited or not, and a citation lands
// on them: the rows highlighted and said, the first scrolled to and played from its start. The
// citation is a meeting-notes item's time, clicked as a user clicks it (the fake service's notes
// cite one row per section, in the rows' own words: tests/fake-service/notes.ts).

let meeting: Meeting;
let fake: FakeService;
let s: Session;

beforeAll(async () => {
  meeting = await openMeeting();
  ({ s, fake } = meeting);
});

afterAll(() => meeting?.close());

type StoredRow = { id: string; startMs: number };

/** The transcript's id and its rows as main indexed them, read from the history file as another process would. */
function stored(dataDir: string): { id: string; rows: StoredRow[] } {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const { id } = db.prepare('SELECT id FROM transcripts').get() as { id: string };
    const rows = db.prepare('SELECT row_id AS id, start_ms AS startMs FROM transcript_rows WHERE transcript_id = ? ORDER BY ord').all(id) as StoredRow[];
    return { id, rows: rows.map((row) => ({ ...row })) };
  } finally {
    db.close();
  }
}

/** The rows the page shows: id, start and text of each row's element. */
const shownRows = (page: Page) =>
  transcriptBox(page)
    .locator('[data-row-id]')
    .evaluateAll((elements) => elements.map((element) => ({ id: (element as HTMLElement).dataset.rowId!, startMs: Number((element as HTMLElement).dataset.rowStart), text: element.textContent!.trim() })));

/** Back on the transcript's page from another screen, as the user goes: its entry in the sidebar. */
async function openTranscript(page: Page) {
  await sidebar(page).getByRole('button', { name: 'meeting.wav' }).click();
  await resultHeading(page, 'meeting.wav').waitFor();
}

const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
/** The notes item citing a row: the fake writes it in the row's first words. */
const itemCiting = (page: Page, rowText: string) => {
  const words = rowText.split(/\s+/).slice(0, 12).join(' ');
  const exactly = new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return notesPanel(page).getByRole('listitem').filter({ has: page.locator('.note-body > p', { hasText: exactly }) }).first();
};

/** Makes the notes (again): each item cites the rows as they now are. */
async function makeNotes(page: Page) {
  const panel = notesPanel(page);
  const again = panel.getByRole('button', { name: 'Make notes again' });
  if (await again.isVisible()) await again.click();
  else await panel.getByRole('button', { name: 'Make notes', exact: true }).click();
  await again.waitFor();
}

/**
 * Clicks the time of the notes item citing `rowText` and returns where playback began: the
 * playhead when the player's `play` event came, once it has moved on and is not paused.
 */
async function land(page: Page, rowText: string): Promise<number> {
  await player(page).evaluate((el: HTMLAudioElement) => {
    el.pause();
    el.currentTime = 0;
    const w = window as unknown as { startedAt?: number };
    delete w.startedAt;
    el.addEventListener('play', () => (w.startedAt = el.currentTime), { once: true });
  });
  await itemCiting(page, rowText).getByRole('button', { name: /^Play from / }).click();
  const startedAt = () => page.evaluate(() => (window as unknown as { startedAt?: number }).startedAt ?? null);
  await expect.poll(startedAt).not.toBeNull();
  const at = (await startedAt())!;
  await expect.poll(() => player(page).evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 5000 }).toBeGreaterThan(at + 0.1);
  expect(await player(page).evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
  await player(page).evaluate((el: HTMLAudioElement) => el.pause());
  return at;
}

const cited = (page: Page) => transcriptBox(page).locator('mark[data-row-id]').evaluateAll((marks) => marks.map((mark) => (mark as HTMLElement).dataset.rowId));

describe('the transcript page\'s rows and a citation\'s landing', () => {
  it('shows an unedited transcript as main\'s rows, with their ids and times', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    fake.transcription.next({ text: HEARD, words: heardWords(), language: 'english', duration: meeting.duration });
    await dropFiles(page, page.getByRole('main'), [fileOf(meeting.recording)]);
    await resultHeading(page, 'meeting.wav').waitFor();
    const { rows } = stored(s.dataDir);
    expect(rows.length).toBeGreaterThan(0);
    await expect.poll(async () => (await shownRows(page)).map(({ id, startMs }) => ({ id, startMs }))).toEqual(rows);
    expect((await shownRows(page)).map((row) => row.text).join(' ')).toBe(HEARD);
  });

  it('plays from a cited row\'s start when a note\'s item is clicked, highlights it and says so; the same item again plays again', async () => {
    const { page } = s;
    const { rows } = stored(s.dataDir);
    const last = rows.at(-1)!;
    const lastText = (await shownRows(page)).find((row) => row.id === last.id)!.text;
    await player(page).waitFor();
    await makeNotes(page);
    for (let round = 0; round < 2; round++) {
      const at = await land(page, lastText);
      expect(Math.abs(at - last.startMs / 1000)).toBeLessThanOrEqual(0.1);
      expect(await cited(page)).toEqual([last.id]);
    }
    await page.getByRole('status').getByText(/^Cited passage highlighted, from 0:0\d\.$/).waitFor();
    for (const [width, height] of [[800, 600], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `transcript-landing-${width}`);
    }
    // Forced colours: the picture only (axe's contrast check reads the page's own colours, which forced colours replace).
    await page.emulateMedia({ forcedColors: 'active' });
    await page.screenshot({ path: join(SCREENS, 'transcript-landing-forced-colors.png'), fullPage: true });
    await page.emulateMedia({ forcedColors: 'none' });
    await setTheme(page, 'Dark');
    await openTranscript(page);
    await land(page, lastText);
    await transcriptBox(page).locator(`mark[data-row-id="${last.id}"]`).waitFor();
    await screenshot(page, 'transcript-landing-dark');
    await setTheme(page, 'Light');
    await openTranscript(page);
  });

  it('shows an edited transcript\'s rows under their ids, and lands on a row a split made', async () => {
    const { page } = s;
    const before = stored(s.dataDir).rows.map((row) => row.id);
    await openEditor(page);
    await caretAt(page, 1, 'about');
    await page.keyboard.press('Enter');
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(before.length + 1);
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    const { rows } = stored(s.dataDir);
    await expect.poll(async () => (await shownRows(page)).map(({ id: rowId, startMs }) => ({ id: rowId, startMs }))).toEqual(rows);
    // The split's second half has an id of its own; the first half kept row 1's.
    expect(rows[0]!.id).toBe(before[0]);
    const split = rows.find((row) => !before.includes(row.id))!;
    const splitText = (await shownRows(page)).find((row) => row.id === split.id)!.text;
    expect(splitText).toMatch(/^about the bridge\./);
    await makeNotes(page);
    const at = await land(page, splitText);
    expect(Math.abs(at - split.startMs / 1000)).toBeLessThanOrEqual(0.1);
    expect(await cited(page)).toEqual([split.id]);
  });
  // Ids gone since they were cited are said, not ignored: landing.test.tsx, through the same
  // Landing and navigation store (the fake's notes cite no row an edit can take away here).
});
