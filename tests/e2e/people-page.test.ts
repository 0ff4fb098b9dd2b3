import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { putSpokenMeeting } from '../support/transcript-editor';
import { resultHeading, sidebar } from '../support/transcription';

// The People page: everyone main keeps, each person's colour and note edited there and kept
// (seen after a reload, and beside their name in the editor's speaker menu and on the result
// page), their transcripts with talk time; and the result page's talk time, the editor's figures.

let browser: Browser;
let dataDir: string;
let s: Session;

const person = (name: string) =>
  (() => {
    const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
    try {
      return db.prepare('SELECT colour, note FROM people WHERE name = ?').get(name) as { colour: string | null; note: string | null } | undefined;
    } finally {
      db.close();
    }
  })();
/** The meeting's speakers as main stored them. */
const speakers = () => {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const { document } = db.prepare('SELECT document FROM transcript_edits').get() as { document: string };
    return (JSON.parse(document) as { speakers: Array<{ name: string }> }).speakers.map((speaker) => speaker.name);
  } finally {
    db.close();
  }
};
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

async function openTheEditor(page: Page, fileName: string) {
  await sidebar(page).getByRole('button', { name: fileName }).click();
  await page.getByRole('button', { name: 'Edit transcript' }).click();
  await page.getByRole('heading', { name: `Edit: ${fileName}` }).waitFor();
}

async function nameSpeaker(page: Page, row: number, name: string) {
  await page.getByRole('combobox', { name: `Speaker from row ${row}` }).selectOption({ label: 'New speaker…' });
  await page.getByLabel(`Name of the speaker from row ${row}`).fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => page.getByRole('combobox', { name: `Speaker from row ${row}` }).locator('option:checked').innerText()).toBe(name);
}

/** The talk time a list shows, name → time, in its order. */
const times = (list: ReturnType<Page['locator']>) =>
  list.locator('dl > div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')!.textContent!.trim(), row.querySelector('dd')!.textContent!.trim()]));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-people-page-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  putSpokenMeeting(store, 'meeting.mp3');
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_DATA_DIR: dataDir });
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the People page', () => {
  it('edits a person’s colour and note, kept after a reload and shown beside their name in the editor’s speaker menu', async () => {
    let { page } = s;
    await openTheEditor(page, 'meeting.mp3');
    await nameSpeaker(page, 1, 'Bilal');
    await nameSpeaker(page, 2, 'Anna');
    await sidebar(page).getByRole('button', { name: 'People', exact: true }).click();
    await page.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    // The user first (no name given yet: "Me"), then everyone by name.
    await expect.poll(() => page.locator('.person-card h2 > span[dir]').allInnerTexts()).toEqual(['Me', 'Anna', 'Bilal']);
    const bilal = card(page, 'Bilal');
    await bilal.getByRole('radio', { name: 'Blue', exact: true }).check();
    await expect.poll(() => person('Bilal')?.colour).toBe('#0072b2');
    await bilal.getByRole('textbox', { name: 'Note' }).fill('Site lead, spells it Bilal');
    await bilal.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => person('Bilal')?.note).toBe('Site lead, spells it Bilal');
    for (const [width, height] of [[800, 600], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `people-page-${width}x${height}`);
    }

    await page.reload();
    page = s.page;
    await sidebar(page).getByRole('button', { name: 'People', exact: true }).click();
    await expect.poll(() => card(page, 'Bilal').getByRole('radio', { name: 'Blue', exact: true }).isChecked()).toBe(true);
    expect(await card(page, 'Bilal').getByRole('textbox', { name: 'Note' }).inputValue()).toBe('Site lead, spells it Bilal');

    await openTheEditor(page, 'meeting.mp3');
    const menu = page.getByRole('combobox', { name: 'Speaker from row 1' });
    await expect.poll(() => menu.evaluate((select) => getComputedStyle(select).borderInlineStartColor)).toBe('rgb(0, 114, 178)');
    // Anna has no colour: her row's menu has no bar.
    expect(await page.getByRole('combobox', { name: 'Speaker from row 2' }).evaluate((select) => select.classList.contains('coloured'))).toBe(false);
    expect(s.errors).toEqual([]);
  });

  it('lists the transcripts a person speaks in with their talk time, the same as the result page and the editor’s panel, each opening the transcript', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    // The editor's Speakers panel: main's figures.
    await page.getByText(/^Speakers \(\d+\)$/).click();
    const panel = page.getByRole('region', { name: 'Talk time' });
    await panel.waitFor();
    const editorTimes = await times(panel);
    expect(editorTimes.map(([name]) => name).sort()).toEqual(['Anna', 'Bilal']);

    await sidebar(page).getByRole('button', { name: 'People', exact: true }).click();
    const bilal = card(page, 'Bilal');
    await bilal.getByText('Transcripts and talk time').click();
    const bilalTime = editorTimes.find(([name]) => name === 'Bilal')![1];
    const open = bilal.getByRole('button', { name: `Open meeting.mp3, talk time ${bilalTime}` });
    await open.waitFor();
    await open.click();

    await resultHeading(page, 'meeting.mp3').waitFor();
    const result = page.getByRole('region', { name: 'Talk time' });
    await result.waitFor();
    await expect.poll(() => times(result)).toEqual(editorTimes);
    // Bilal's colour beside his name there too.
    expect(await result.locator('dt', { hasText: 'Bilal' }).locator('.person-colour').evaluate((dot) => getComputedStyle(dot).backgroundColor)).toBe('rgb(0, 114, 178)');
    for (const [width, height] of [[800, 600], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `people-result-talk-time-${width}x${height}`);
    }
    expect(s.errors).toEqual([]);
  });

  it('merges two people from the page, undone from its notice, and renames a person in their transcripts only when asked', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await sidebar(page).getByRole('button', { name: 'People', exact: true }).click();
    await page.getByRole('combobox', { name: 'Anna is the same person as' }).selectOption({ label: 'Bilal' });
    const notice = page.getByRole('status').filter({ hasText: 'Anna and Bilal are one person now: Bilal.' });
    await notice.waitFor();
    await card(page, 'Anna').waitFor({ state: 'detached' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await card(page, 'Anna').waitFor();

    const anna = card(page, 'Anna');
    await anna.getByRole('textbox', { name: 'Name' }).fill('Anna K.');
    await anna.getByRole('button', { name: 'Save', exact: true }).click();
    const ask = page.getByRole('group', { name: 'Anna speaks in 1 transcript. Rename Anna to Anna K. there too?' });
    await ask.waitFor();
    // Nothing changed before the answer.
    expect(speakers()).toEqual(['Bilal', 'Anna']);
    await ask.getByRole('button', { name: 'In past transcripts too' }).click();
    await card(page, 'Anna K.').waitFor();
    await expect.poll(speakers).toEqual(['Bilal', 'Anna K.']);
    expect(s.errors).toEqual([]);
  });
});
