import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { editRow, putSpokenMeeting, row } from '../support/transcript-editor';
import { sidebar } from '../support/transcription';

// People, remembered: a speaker named in one transcript is offered in the next and given to
// rows from the keyboard (Alt+P's search box, Alt+1), a renamed person changes past transcripts
// only when asked, and a restored backup brings the people back.

let browser: Browser;
let dataDir: string;
let s: Session;

type Stored = { blocks: Array<{ speaker: string | null; words: string[] }>; speakers: Array<{ id: string; name: string; person?: string }> };

/** What main stored, read as another process would. */
function read<T>(query: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}
const stored = (fileName: string) =>
  read((db) => {
    const found = db.prepare('SELECT document FROM transcript_edits JOIN transcripts ON id = transcript_id WHERE file_name = ?').get(fileName) as { document: string } | undefined;
    return found ? (JSON.parse(found.document) as Stored) : null;
  });
/** Row `n`'s speaker: its own mark, or the one it goes on from. */
const speakerOfRow = (fileName: string, n: number) => {
  const document = stored(fileName);
  const mark = document?.blocks
    .slice(0, n)
    .map((block) => block.speaker)
    .findLast((speaker) => speaker !== null);
  return document?.speakers.find((speaker) => speaker.id === mark) ?? null;
};
const people = () => read((db) => (db.prepare(`SELECT name FROM people WHERE id != 'self' AND merged_into IS NULL ORDER BY name`).all() as Array<{ name: string }>).map((person) => person.name));

async function openTheEditor(page: Page, fileName: string) {
  await sidebar(page).getByRole('button', { name: fileName }).click();
  await page.getByRole('button', { name: 'Edit transcript' }).click();
  await page.getByRole('heading', { name: `Edit: ${fileName}` }).waitFor();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-people-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  putSpokenMeeting(store, 'meeting.mp3');
  putSpokenMeeting(store, 'standup.mp3');
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('people', () => {
  it('a speaker named in one transcript is offered in the next', async () => {
    const { page } = s;
    await openTheEditor(page, 'meeting.mp3');
    await page.getByRole('combobox', { name: 'Speaker from row 1' }).selectOption({ label: 'New speaker…' });
    await page.getByLabel('Name of the speaker from row 1').fill('Bilal');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => speakerOfRow('meeting.mp3', 1)?.name).toBe('Bilal');
    expect(people()).toEqual(['Bilal']);

    await openTheEditor(page, 'standup.mp3');
    const menu = page.getByRole('combobox', { name: 'Speaker from row 1' });
    // The user (no name given yet: "Me") first, then everyone remembered.
    await expect.poll(() => menu.locator('optgroup[label="People"] option').allInnerTexts()).toEqual(['Me', 'Bilal']);
  });

  it('gives rows a speaker from the keyboard: Alt+P searches everyone (or adds someone), Alt+1 is the first speaker, a digit alone is typed, Alt+Shift+↑ chooses rows', async () => {
    const { page } = s;
    await editRow(page, 1);
    await page.keyboard.press('Alt+P');
    const search = page.getByRole('combobox', { name: 'Speaker for row 1' });
    await search.waitFor();
    await search.pressSequentially('bil');
    await page.getByRole('option', { name: 'Bilal', selected: true }).waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'people-search-box');
    await page.keyboard.press('Enter');
    await expect.poll(() => speakerOfRow('standup.mp3', 1)?.name).toBe('Bilal');
    // The same person, not a namesake: the speaker is linked to the person named in the meeting.
    expect(speakerOfRow('standup.mp3', 1)?.person).toBe(speakerOfRow('meeting.mp3', 1)?.person);
    // The caret is back in the row.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Row 1 text');

    await editRow(page, 2);
    await page.keyboard.press('Alt+P');
    await page.getByRole('combobox', { name: 'Speaker for row 2' }).pressSequentially('Chen');
    await page.getByRole('option', { name: 'Add “Chen”' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => speakerOfRow('standup.mp3', 2)?.name).toBe('Chen');
    expect(people()).toEqual(['Bilal', 'Chen']);

    // Alt+1: the transcript's first speaker (Bilal), for this row only, as one step Undo takes back.
    await editRow(page, 2);
    await page.keyboard.press('Alt+1');
    await expect.poll(() => speakerOfRow('standup.mp3', 2)?.name).toBe('Bilal');
    await page.keyboard.press('Control+Z');
    await expect.poll(() => speakerOfRow('standup.mp3', 2)?.name).toBe('Chen');
    await editRow(page, 2);
    await page.keyboard.press('End');
    await page.keyboard.type(' 1');
    await expect.poll(() => stored('standup.mp3')?.blocks[1]?.words.at(-1)).toBe('1');
    expect(await row(page, 2).inputValue()).toMatch(/ 1$/);

    // Alt+Shift+↑ chooses row 1 too: Alt+P then gives both rows Chen, one step Undo takes back.
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await row(page, 1).waitFor();
    await page.locator('.ed-row.selected').nth(1).waitFor();
    await page.keyboard.press('Alt+P');
    await screenshot(page, 'people-rows-chosen');
    await page.getByRole('combobox', { name: 'Speaker for rows 1–2' }).pressSequentially('Chen');
    await page.keyboard.press('Enter');
    await expect.poll(() => [speakerOfRow('standup.mp3', 1)?.name, speakerOfRow('standup.mp3', 2)?.name]).toEqual(['Chen', 'Chen']);
    await page.keyboard.press('Control+Z');
    await expect.poll(() => [speakerOfRow('standup.mp3', 1)?.name, speakerOfRow('standup.mp3', 2)?.name]).toEqual(['Bilal', 'Chen']);
  });

  it('shows each speaker’s talk time, and renames a person in past transcripts only when asked', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.getByText(/^Speakers \(2\)$/).click();
    const talk = page.getByRole('region', { name: 'Talk time' });
    await talk.getByText('Bilal').waitFor();
    await talk.getByText('Chen').waitFor();

    // A small window: the question shows in the panels' short scrolling area all the same.
    await page.setViewportSize({ width: 800, height: 600 });
    const name = page.getByRole('textbox', { name: 'Name of Bilal' });
    await name.fill('Bilal Khan');
    await name.press('Enter');
    const ask = page.getByRole('group', { name: 'Renaming Bilal to Bilal Khan' });
    await ask.getByText('Other transcripts with Bilal: 1. Rename Bilal to Bilal Khan there too?').waitFor();
    await screenshot(page, 'people-rename-asks');
    await ask.getByRole('button', { name: 'Only here and from now on' }).click();
    await expect.poll(() => speakerOfRow('standup.mp3', 1)?.name).toBe('Bilal Khan');
    await expect.poll(people).toEqual(['Bilal Khan', 'Chen']);
    expect(speakerOfRow('meeting.mp3', 1)?.name).toBe('Bilal');

    const again = page.getByRole('textbox', { name: 'Name of Bilal Khan' });
    await again.fill('Bilal K.');
    await again.press('Enter');
    await page.getByRole('group', { name: 'Renaming Bilal Khan to Bilal K.' }).getByRole('button', { name: 'In past transcripts too' }).click();
    await expect.poll(() => speakerOfRow('meeting.mp3', 1)?.name).toBe('Bilal K.');
    await expect.poll(() => speakerOfRow('standup.mp3', 1)?.name).toBe('Bilal K.');
    expect(people()).toEqual(['Bilal K.', 'Chen']);
  });

  it('merges two people in one step, undone from its notice', async () => {
    const { page } = s;
    await page.getByRole('combobox', { name: 'Chen is the same person as' }).selectOption({ label: 'Bilal K.' });
    const notice = page.getByRole('status').filter({ hasText: 'Chen and Bilal K. are one person now: Bilal K.' });
    await notice.waitFor();
    await expect.poll(people).toEqual(['Bilal K.']);
    await screenshot(page, 'people-merged');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(people).toEqual(['Bilal K.', 'Chen']);
    await notice.waitFor({ state: 'detached' });
  });

  it('a restored backup brings the people back', async () => {
    let { page } = s;
    await page.setViewportSize({ width: 1100, height: 800 });
    // Nothing so far broke the page (an effect's failure would take the app down to its error screen).
    expect(s.errors).toEqual([]);
    await sidebar(page).getByRole('button', { name: 'Settings', exact: true }).click();
    const backups = () => s.page.getByRole('region', { name: 'Backups' });
    await backups().getByRole('button', { name: 'Back up now' }).click();
    await backups().getByRole('status').getByText('Backed up 0 conversations and 2 transcripts.').waitFor();

    // The history is lost (the backups folder is not): Confab starts on an empty one.
    await s.close();
    for (const suffix of ['', '-wal', '-shm']) await rm(join(dataDir, `history.sqlite${suffix}`), { force: true });
    s = await openSession(browser, { APP_DATA_DIR: dataDir });
    expect(people()).toEqual([]);
    page = s.page;
    await sidebar(page).getByRole('button', { name: 'Settings', exact: true }).click();
    // The newest, first: the one taken on request (Confab took one at its start too, before anyone was named).
    await backups().getByRole('button', { name: /^Restore the backup from / }).first().click();
    await backups().getByRole('status').getByText(/^Restored from .*2 transcripts added\.$/).waitFor();
    expect(people()).toEqual(['Bilal K.', 'Chen']);

    // And the editor offers them again: Chen, who never spoke in the meeting, is in its menu.
    await openTheEditor(page, 'meeting.mp3');
    await expect.poll(() => page.getByRole('combobox', { name: 'Speaker from row 1' }).locator('optgroup[label="People"] option').allInnerTexts()).toContain('Chen');
    expect(s.errors).toEqual([]);
  });
});
