import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeService } from '../fake-service/server';
import { subtitlePackets } from '../support/audio';
import { screenshot } from '../support/browser';
import type { Session } from '../support/history-app';
import { dropFiles, fileOf, openTranscribe, player, resultHeading, setPlan, setTheme, useKey } from '../support/transcription';
import { chromiumCues } from '../support/webvtt';
import { HEARD, type Meeting, caretAt, editRow, exportEdited, ffmpegText, heardWords, openEditor, openMeeting, row, rowsText, savedDocument, savedText } from '../support/transcript-editor';

// The transcript editor in Chromium: a name corrected, cues split and merged, two speakers
// named, find and replace, undo and redo, a kill mid-edit, exports read back by real parsers,
// and Revert to original.

let meeting: Meeting;
let fake: FakeService;
let s: Session;
let recording: string;
let duration: number;


beforeAll(async () => {
  meeting = await openMeeting();
  ({ s, fake, recording, duration } = meeting);
});

afterAll(() => meeting?.close());

describe('the transcript editor', () => {
  it('opens a transcript with word timings beside its recording', async () => {
    const { page } = s;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    fake.transcription.next({ text: HEARD, words: heardWords(), language: 'english', duration });
    await dropFiles(page, page.getByRole('main'), [fileOf(recording)]);
    await resultHeading(page, 'meeting.wav').waitFor();
    await openEditor(page);
    await player(page).waitFor();
    await expect.poll(() => rowsText(page)).toContain('Bella asked Anna about the bridge.');
    await page.getByRole('status').getByText('Original').waitFor();
  });

  it('corrects a name: the edit reaches the database and Undo is offered', async () => {
    const { page } = s;
    await page.getByText('Bella', { exact: true }).dispatchEvent('mousedown');
    const text = row(page, 1);
    await text.waitFor();
    const value = await text.inputValue();
    await text.fill(value.replace('Bella', 'Bilal'));
    await expect.poll(() => savedText(s.dataDir)).toContain('Bilal asked');
    await page.getByRole('status').getByText('All edits saved').waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
  });

  it('splits a cue at the cursor with Enter and merges it back with Backspace; the row keeps its id throughout', async () => {
    const { page } = s;
    const ids = () => savedDocument(s.dataDir)?.blocks.map((block) => block.id) ?? [];
    // The corrected row is still the row it was.
    const [corrected] = ids();
    expect(corrected).toBeTruthy();
    await caretAt(page, 1, 'Anna said');
    await page.keyboard.press('Enter');
    await row(page, 2).waitFor();
    expect(await row(page, 2).inputValue()).toBe('Anna said the steel came late.');
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(2);
    const [first, second] = ids();
    expect(first).toBe(corrected);
    expect(second).not.toBe(corrected);
    await page.keyboard.press('Home');
    await page.keyboard.press('Backspace');
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(1);
    expect(ids()).toEqual([corrected]);
    await row(page, 1).waitFor();
    await caretAt(page, 1, 'Anna said');
    await page.getByRole('button', { name: 'Split at cursor' }).click();
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(2);
    // A new second half: the merged-away row's id is not given again.
    const [kept, fresh] = ids();
    expect(kept).toBe(corrected);
    expect([corrected, second]).not.toContain(fresh);
  });

  it('keeps a row\'s own element across a split above it: the list is keyed by row id, not place', async () => {
    const { page } = s;
    const second = page.locator('.ed-row', { hasText: 'Anna said the steel came late.' });
    await second.evaluate((element) => element.setAttribute('data-kept', ''));
    // A press on a word puts the caret before it (row 1 is not being edited: the second is).
    await page.getByText('about', { exact: true }).dispatchEvent('mousedown');
    await row(page, 1).waitFor();
    await page.getByRole('button', { name: 'Split at cursor' }).click();
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(3);
    await row(page, 2).or(page.getByRole('button', { name: /^Row 3: / })).first().waitFor();
    // Keyed by place, the second row's element would now show the split's second half.
    await expect.poll(() => page.locator('.ed-row[data-kept]').innerText()).toContain('Anna said the steel came late.');
    await caretAt(page, 2, 'about');
    await page.keyboard.press('Home');
    await page.keyboard.press('Backspace');
    await expect.poll(() => savedDocument(s.dataDir)?.blocks.length).toBe(2);
  });

  it('names two speakers, and renaming one changes it everywhere', async () => {
    const { page } = s;
    for (const [n, name] of [
      [1, 'Speaker 1'],
      [2, 'Anna'],
    ] as const) {
      await page.getByRole('combobox', { name: `Speaker from row ${n}` }).selectOption({ label: 'New speaker…' });
      await page.getByLabel(`Name of the speaker from row ${n}`).fill(name);
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await expect.poll(() => savedDocument(s.dataDir)?.speakers.map((speaker) => speaker.name)).toEqual(['Speaker 1', 'Anna']);
    await page.getByText(/^Speakers \(2\)/).click();
    const name = page.getByRole('textbox', { name: 'Name of Speaker 1' });
    await name.fill('Bilal');
    await name.press('Enter');
    // A named speaker is a person remembered (people.test.ts); one in no other transcript is renamed without a question.
    await expect.poll(() => savedDocument(s.dataDir)?.speakers.map((speaker) => speaker.name)).toEqual(['Bilal', 'Anna']);
    expect(await page.getByRole('combobox', { name: 'Speaker from row 1' }).inputValue()).not.toBe('');
    await screenshot(page, 'transcript-editor-light');
  });

  it('finds and replaces across the transcript, with the count, and undoes and redoes it', async () => {
    const { page } = s;
    await page.getByRole('heading', { name: 'Edit: meeting.wav' }).click();
    await page.keyboard.press('Control+f');
    const find = page.getByRole('textbox', { name: 'Find', exact: true });
    await find.fill('anna');
    await page.getByRole('status').getByText('1 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Match case' }).check();
    await page.getByRole('status').getByText('No matches').waitFor();
    await page.getByRole('checkbox', { name: 'Match case' }).uncheck();
    await page.getByRole('checkbox', { name: 'Whole words' }).check();
    await page.getByRole('status').getByText('1 of 2').waitFor();
    await page.getByRole('textbox', { name: 'Replace with' }).fill('Hannah');
    await screenshot(page, 'transcript-editor-find');
    await page.getByRole('button', { name: 'Replace all' }).click();
    await expect.poll(() => savedText(s.dataDir)).toBe('Bilal asked Hannah about the bridge. Hannah said the steel came late.');
    await page.getByRole('status').getByText('No matches').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => savedText(s.dataDir)).toContain('asked Anna');
    await page.getByRole('status').getByText('1 of 2').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => savedText(s.dataDir)).toContain('asked Hannah');
    await page.keyboard.press('Control+z');
    await expect.poll(() => savedText(s.dataDir)).toContain('asked Anna');
    await page.getByRole('button', { name: 'Close find' }).click();
  });

  it('keeps the edits made up to a kill of the app, and their undo', async () => {
    const text = row(s.page, 2);
    await editRow(s.page, 2);
    await text.press('End');
    await text.pressSequentially(' Today', { delay: 20 });
    // The kill comes once the typing has reached the database, read as another process would.
    await expect.poll(() => savedText(s.dataDir)).toContain('came late. Today');
    await s.restart({ kill: true });
    const { page } = s;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /meeting\.wav/ }).click();
    await resultHeading(page, 'meeting.wav').waitFor();
    await openEditor(page);
    await expect.poll(() => rowsText(page)).toMatch(/Bilal asked Anna about the bridge\..*came late\. Today/);
    // Each row says where it stands in the whole transcript: a screen reader meets only the mounted ones.
    const items = page.getByRole('region', { name: 'Transcript rows' }).getByRole('listitem');
    const places = () => items.evaluateAll((all) => all.map((item) => `${item.getAttribute('aria-posinset')} of ${item.getAttribute('aria-setsize')}`));
    await expect.poll(places).toEqual(['1 of 2', '2 of 2']);
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
  });

  it('works from the keyboard without leaving the text: play/pause, next row, nudge a start', async () => {
    const { page } = s;
    const playback = player(page);
    // A row's time says "Play row … from": it plays, not only moves the playhead.
    await page.getByRole('button', { name: /^Play row 2 from / }).click();
    await expect.poll(() => playback.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0)).toBe(true);
    await playback.evaluate((el: HTMLAudioElement) => el.pause());
    await editRow(page, 1);
    await page.keyboard.press('Control+Space');
    await expect.poll(() => playback.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
    await page.keyboard.press('Control+Space');
    await expect.poll(() => playback.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Row 2 text');
    const start = savedDocument(s.dataDir)!.blocks[1]!.times![0]!;
    await page.keyboard.press('Alt+Period');
    await expect.poll(() => savedDocument(s.dataDir)!.blocks[1]!.times![0]).toBe(start + 100);
    await page.keyboard.press('Alt+Comma');
    await expect.poll(() => savedDocument(s.dataDir)!.blocks[1]!.times![0]).toBe(start);
  });

  it('exports SRT and VTT that ffmpeg and Chromium read with the edits, the speakers and the words in order', async () => {
    const { page } = s;
    await page.getByText('Export the edited transcript').click();
    const vtt = await exportEdited(page, 'VTT');
    expect(vtt.download.suggestedFilename()).toBe('meeting.vtt');
    const cues = await chromiumCues(page, vtt.text);
    expect(cues.map((cue) => cue.text).join(' ')).toBe('Bilal asked Anna about the bridge. Anna said the steel came late. Today');
    expect(cues[0]!.voice).toBe('Bilal');
    expect(cues.at(-1)!.voice).toBe('Anna');
    cues.forEach((cue, i) => expect(cue.end > cue.start && (i === 0 || cue.start >= cues[i - 1]!.end)).toBe(true));

    const srt = await exportEdited(page, 'SRT');
    const packets = await subtitlePackets(srt.path);
    expect(packets.length).toBe(cues.length);
    const read = (await ffmpegText(srt.path)).replace(/^WEBVTT[\s\S]*?\n\n/, '');
    const lines = read.split('\n').filter((line) => line && !line.includes('-->'));
    expect(lines.join(' ')).toBe('Bilal: Bilal asked Anna about the bridge. Anna: Anna said the steel came late. Today');
  });

  it('exports a Word document with the speakers and the corrections', async () => {
    const { page } = s;
    const docx = await exportEdited(page, 'Word (DOCX)');
    expect(docx.download.suggestedFilename()).toBe('meeting.docx');
    const { value, messages } = await mammoth.extractRawText({ path: docx.path });
    expect(messages).toEqual([]);
    expect(value).toContain('meeting.wav');
    expect(value).toContain('Bilal: Bilal asked Anna about the bridge.');
    expect(value).toContain('Anna: Anna said the steel came late. Today');
  });

  it('cuts its subtitles by the rules the user set in a transcript\'s Export, as main keeps them', async () => {
    const { page } = s;
    const before = await chromiumCues(page, (await exportEdited(page, 'VTT')).text);
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await page.getByText('Subtitle rules', { exact: true }).click();
    await page.getByLabel('Cue duration, at most').fill('1');
    await page.getByRole('button', { name: 'Edit transcript' }).click();
    await page.getByText('Export the edited transcript').click();
    await page.getByText(/by your subtitle rules/).waitFor();
    const cues = await chromiumCues(page, (await exportEdited(page, 'VTT')).text);
    expect(cues.length).toBeGreaterThan(before.length);
    cues.forEach((cue) => expect(cue.end - cue.start).toBeLessThanOrEqual(1.001));
    expect(cues.map((cue) => cue.text).join(' ')).toBe('Bilal asked Anna about the bridge. Anna said the steel came late. Today');
    // Kept by main (the result view, mounted again, asks it), and Back to the defaults restores them for every export.
    await expect.poll(async () => JSON.parse(await readFile(join(s.dataDir, 'settings.json'), 'utf8')).subtitleRules.maxCueSeconds).toBe(1);
    await page.getByRole('button', { name: 'Back to the transcript' }).click();
    await page.getByText('Subtitle rules (changed)', { exact: true }).click();
    expect(await page.getByLabel('Cue duration, at most').inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Back to the defaults' }).click();
    await openEditor(page);
    await page.getByText('Export the edited transcript').click();
    expect((await chromiumCues(page, (await exportEdited(page, 'VTT')).text)).length).toBe(before.length);
  });

  it('reverts to the original, and Undo brings the edits back', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Revert to original' }).click();
    await page.getByRole('status').getByText('Original').waitFor();
    await expect.poll(() => savedText(s.dataDir)).toBe(HEARD);
    expect(savedDocument(s.dataDir)!.speakers).toEqual([]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => savedText(s.dataDir)).toContain('Today');
  });

  it('below 1280 px a panel is a drawer that Escape or a press on the rows closes, the focus back on its tab; a short window folds the translation switch to a line', async () => {
    const { page } = s;
    const before = page.viewportSize()!;
    await page.setViewportSize({ width: 800, height: 600 });
    const panel = (name: string) => page.locator('details.ed-panel').filter({ has: page.locator(':scope > summary', { hasText: name }) });
    const isOpen = (name: string) => panel(name).evaluate((details) => (details as HTMLDetailsElement).open);
    const tabFocused = (name: string) => panel(name).locator(':scope > summary').evaluate((tab) => tab === document.activeElement);
    try {
      await page.getByText('Keyboard', { exact: true }).click();
      await expect.poll(() => isOpen('Keyboard')).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen('Keyboard')).toBe(false);
      expect(await tabFocused('Keyboard')).toBe(true);

      // From a control inside the drawer, too.
      await page.getByText('Export the edited transcript').click();
      await page.keyboard.press('Tab');
      expect(await panel('Export').evaluate((details) => details.contains(document.activeElement) && document.activeElement?.tagName !== 'SUMMARY')).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen('Export')).toBe(false);
      expect(await tabFocused('Export')).toBe(true);

      await page.getByText('Export the edited transcript').click();
      await expect.poll(() => isOpen('Export')).toBe(true);
      await page.getByRole('region', { name: 'Transcript rows' }).click({ position: { x: 2, y: 2 } });
      await expect.poll(() => isOpen('Export')).toBe(false);

      // The translation switch keeps to its line; what it says is one press away.
      const track = page.getByRole('region', { name: 'Translation under each row' });
      const said = track.getByText(/^No translation yet/);
      await track.getByRole('button', { name: 'Details' }).waitFor();
      expect(await said.isVisible()).toBe(false);
      expect((await track.boundingBox())!.height).toBeLessThan(50);
      await screenshot(page, 'transcript-editor-800x600');
      await track.getByRole('button', { name: 'Details' }).click();
      await said.waitFor();
    } finally {
      await page.setViewportSize(before);
    }
  });

  it('renders in the dark theme', async () => {
    const { page } = s;
    await setTheme(page, 'Dark');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /meeting\.wav/ }).click();
    await openEditor(page);
    await page.getByText(/^Speakers \(2\)/).click();
    await page.getByText('Export the edited transcript').click();
    await page.getByText('Keyboard', { exact: true }).click();
    await page.getByText('Bilal', { exact: true }).first().dispatchEvent('mousedown');
    await page.keyboard.press('Control+f');
    await page.getByRole('textbox', { name: 'Find', exact: true }).fill('Anna');
    await screenshot(page, 'transcript-editor-dark');
    await setTheme(page, 'Light');
    expect(s.errors).toEqual([]);
  });

  it('says so when the transcript is deleted while it is open, and keeps what was typed', async () => {
    const { page } = s;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /meeting\.wav/ }).click();
    await openEditor(page);
    // Another tab on the same app deletes it, as another window would.
    const other = await page.context().newPage();
    try {
      await other.goto(s.app.url);
      await other.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /meeting\.wav/ }).click();
      await other.getByRole('button', { name: 'Delete meeting.wav' }).click();
      await other.getByRole('group', { name: 'Delete meeting.wav?' }).getByRole('button', { name: 'Yes, delete' }).click();
      await expect.poll(() => savedDocument(s.dataDir)).toBeNull();
    } finally {
      await other.close();
    }
    await editRow(page, 1);
    await row(page, 1).fill(`${await row(page, 1).inputValue()} typed after the delete`);
    const alert = page.getByRole('alert').filter({ hasText: 'This transcript has been deleted' });
    await alert.getByText(/typed after the delete$/).waitFor();
    expect(await alert.innerText()).not.toMatch(/SQLite|constraint/i);
    await page.getByRole('status').getByText('Not saved').waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.app.origin });
    await alert.getByRole('button', { name: 'Copy the unsaved text of row 1' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/typed after the delete$/);
    // Typing in another row, left at once (before its pause sends it), joins the first; neither is lost.
    await editRow(page, 2);
    await row(page, 2).fill(`${await row(page, 2).inputValue()} and in row two`);
    await editRow(page, 1);
    await alert.getByText(/and in row two$/).waitFor();
    await alert.getByText(/typed after the delete$/).waitFor();
    await screenshot(page, 'transcript-editor-deleted');
  });
});
