import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { type FakeService, startFakeService } from '../fake-service/server';
import { launchChromium, screenshot } from '../support/browser';
import { type Session, openSession } from '../support/history-app';
import { spokenRecord } from '../support/spoken-record';
import { editRow, row } from '../support/transcript-editor';
import { resultHeading, sidebar, useKey } from '../support/transcription';

// The notes template editor: the page sends the text as typed and main parses it, so a section
// keeps its key while its title stays. Reordering two lines then updating the notes leaves every
// kept item under its own title; a template main refuses says what is wrong. The fake's notes
// give one item per section, the n-th citing the n-th row in its words.

const SAID =
  'Hello everyone, welcome to the planning meeting. Bilal asked why the bridge was late. Anna said the steel came late from the supplier. ' +
  'We decided to order the steel from another supplier. Anna will call the supplier before Friday. Nobody knows what the budget for next year is.';

let fake: FakeService;
let browser: Browser;
let s: Session;
let dataDir: string;

const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
const sectionsBox = (page: Page) => notesPanel(page).getByRole('textbox', { name: 'Sections' });
const sectionTexts = (page: Page, title: string) =>
  notesPanel(page).locator('.notes-section').filter({ has: page.getByRole('heading', { name: title, level: 3, exact: true }) }).getByRole('listitem').allInnerTexts();

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-templates-e2e-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.transcripts.put({ ...spokenRecord('meeting', SAID, 60), createdAt: Date.now() }, null);
  store.close();
  browser = await launchChromium();
  s = await openSession(browser, { APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
  await useKey(s.page, fake.keys.free);
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await fake?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function openTemplateEditor(page: Page) {
  const panel = notesPanel(page);
  const editor = panel.locator('details.notes-template');
  if (!(await editor.evaluate((el: HTMLDetailsElement) => el.open))) await panel.getByText('Edit template', { exact: true }).click();
  await sectionsBox(page).waitFor();
}

/** Waits for a make or an update to end: the panel not busy, Make notes again offered. */
async function notesDone(page: Page) {
  await expect.poll(() => notesPanel(page).getAttribute('aria-busy')).toBe('false');
  await notesPanel(page).getByRole('button', { name: 'Make notes again' }).waitFor();
}

describe('the notes template editor', () => {
  it('reordered lines keep their sections: notes updated after it show every kept item under its own title', async () => {
    const { page } = s;
    const panel = notesPanel(page);
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();
    await expect.poll(() => panel.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('meeting');

    // The built-in meeting template saved as the user's own, then notes made with it.
    await openTemplateEditor(page);
    await panel.getByRole('button', { name: 'Save as my template' }).click();
    await expect.poll(() => panel.getByRole('combobox', { name: 'Template' }).locator('option:checked').innerText()).toBe('Meeting (mine)');
    await panel.getByRole('button', { name: 'Make notes' }).click();
    await notesDone(page);
    expect((await sectionTexts(page, 'Summary')).join(' ')).toContain('Hello everyone');
    expect((await sectionTexts(page, 'Decisions')).join(' ')).toContain('Bilal asked why the bridge was late');

    // Decisions moved above Summary.
    await openTemplateEditor(page);
    const lines = (await sectionsBox(page).inputValue()).split('\n');
    await sectionsBox(page).fill([lines[1], lines[0], ...lines.slice(2)].join('\n'));
    await panel.getByRole('button', { name: 'Save template' }).click();
    await expect.poll(async () => (await sectionsBox(page).inputValue()).split('\n')[0]).toMatch(/^Decisions:/);

    // A row the Action items item cites is edited; Update keeps the others, shown with the reordered template.
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByRole('heading', { name: 'Edit: meeting.mp3' }).waitFor();
    await editRow(page, 3);
    await row(page, 3).fill('Anna said the steel came very late from the supplier.');
    await page.getByRole('toolbar', { name: 'Editing' }).getByRole('status').filter({ hasText: 'All edits saved' }).waitFor();
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByRole('listitem').filter({ hasText: 'Anna said the steel came very late' }).waitFor();
    await notesDone(page);

    expect(await panel.locator('.notes-section h3').allInnerTexts()).toEqual(['Decisions', 'Summary', 'Action items', 'Open questions']);
    const summary = (await sectionTexts(page, 'Summary')).join(' ');
    const decisions = (await sectionTexts(page, 'Decisions')).join(' ');
    expect(summary).toContain('Hello everyone');
    expect(summary).not.toContain('Bilal asked');
    expect(decisions).toContain('Bilal asked why the bridge was late');
    expect(decisions).not.toContain('Hello everyone');
    expect((await sectionTexts(page, 'Action items')).join(' ')).toContain('Anna said the steel came very late');
  });

  it('a template main refuses says what is wrong, and nothing typed is lost', async () => {
    const { page } = s;
    const panel = notesPanel(page);
    await openTemplateEditor(page);
    const thirteen = Array.from({ length: 13 }, (_, i) => `Part ${i + 1}: what goes in part ${i + 1}`).join('\n');
    await sectionsBox(page).fill(thirteen);
    await panel.getByRole('button', { name: 'Save template' }).click();
    await panel.getByRole('alert').filter({ hasText: 'A template has at most 12 sections; you have 13.' }).waitFor();
    expect(await sectionsBox(page).getAttribute('aria-invalid')).toBe('true');
    expect(await sectionsBox(page).inputValue()).toBe(thirteen);
    await page.setViewportSize({ width: 800, height: 600 });
    await panel.getByRole('alert').scrollIntoViewIfNeeded();
    await screenshot(page, 'note-template-refused-800x600');

    await sectionsBox(page).fill('Summary: what it was about\n: no title');
    await panel.getByRole('button', { name: 'Save template' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Line 2 has no title.' }).waitFor();
    // Nothing refused was kept: the template as saved before.
    await page.reload();
    await sidebar(page).getByRole('button', { name: 'meeting.mp3' }).click();
    await resultHeading(page, 'meeting.mp3').waitFor();
    await openTemplateEditor(page);
    await expect.poll(async () => (await sectionsBox(page).inputValue()).split('\n')[0]).toMatch(/^Decisions:/);
  });
});
