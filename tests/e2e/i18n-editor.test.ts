import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryInLanguage, type SeededApp, openHistoryIn, openSeededApp } from '../support/history-in-language';
import { JOURNEY_LANGUAGES, languageCheckpoint } from '../support/i18n';
import { putSpokenMeeting } from '../support/transcript-editor';

// The transcript editor in each journey language: a stored meeting whose first rows get two
// speakers, named as a user names them, then find open on a word with its count; each screen
// measured at every size and theme, judged for text that missed translation in the
// pseudo-language and for accessibility in Arabic. Rows, words and names keep their own
// direction; timecodes and key chords read left to right. One app for the file, with a meeting
// of its own for each language (named in it), opened in a browser context per language.

const SPEAKERS = ['Anna', 'بلال'];

/** Each language's own meeting: speakers named in one are not there in the next. */
const meetingOf = (language: string) => `meeting ${language}.mp3`;

let seeded: SeededApp;
beforeAll(async () => {
  seeded = await openSeededApp((store) => JOURNEY_LANGUAGES.forEach((language) => putSpokenMeeting(store, meetingOf(language))));
});
afterAll(() => seeded?.close());

describe.each(JOURNEY_LANGUAGES)('the transcript editor in %s', (language) => {
  const MEETING = meetingOf(language);
  let h: HistoryInLanguage;

  beforeAll(async () => {
    h = await openHistoryIn(seeded, language);
  });
  afterAll(async () => {
    const errors = h?.errors ?? [];
    await h?.close();
    expect(errors, 'no console error or uncaught exception').toEqual([]);
  });

  it('opens the meeting and names the speakers of its first two rows', async () => {
    const { page, t } = h;
    // From Transcribe's list of every transcript: the sidebar shows only the three newest of the four.
    await page.getByRole('button', { name: t('transcription:nav.transcribe'), exact: true }).click();
    await page.getByRole('list', { name: t('transcription:recent.heading') }).getByRole('button', { name: MEETING, exact: true }).click();
    await page.getByRole('button', { name: t('transcription:result.edit') }).click();
    const heading = page.getByRole('heading', { level: 1, name: MEETING });
    await expect.poll(() => heading.textContent()).toBe(t('editor:screen.headingFile', { fileName: MEETING }).replace(/<\/?1>/g, ''));
    const rows = page.getByRole('region', { name: t('editor:screen.rows') });
    for (const [index, name] of SPEAKERS.entries()) {
      await rows.getByRole('combobox', { name: t('editor:speakers.mark', { row: index + 1 }) }).selectOption({ label: t('editor:speakers.new') });
      const field = rows.getByRole('combobox', { name: t('editor:speakers.newName', { row: index + 1 }) });
      await field.fill(name);
      await field.press('Enter');
      const mark = rows.getByRole('combobox', { name: t('editor:speakers.mark', { row: index + 1 }) });
      await expect.poll(() => mark.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(name);
    }
    await page.getByRole('status').getByText(t('editor:toolbar.allSaved'), { exact: true }).waitFor();
    expect(await rows.locator('.ed-words').first().getAttribute('dir')).toBe('auto');
    expect(await rows.locator('.ed-time [dir="ltr"]').first().evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
    await page.getByText(t('editor:speakers.heading', { count: 2 })).click();
    await languageCheckpoint(page, language, 'editor speakers');
  });

  it('finds a word with find and replace open, its count worded in the language', async () => {
    const { page, t } = h;
    await page.keyboard.press('Control+F');
    const find = page.getByRole('search', { name: t('editor:find.label') });
    await find.getByRole('textbox', { name: t('editor:find.find'), exact: true }).fill('bridge');
    await find.getByRole('status').getByText(t('editor:find.position', { current: 1, total: 1 }), { exact: true }).waitFor();
    await find.getByRole('textbox', { name: t('editor:find.replaceWith') }).fill('river');
    await find.getByRole('button', { name: t('editor:find.replaceAll') }).waitFor();
    await languageCheckpoint(page, language, 'editor find');
  });
});
