import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import { type HistoryInLanguage, type SeededApp, openHistoryIn, openSeededApp } from '../support/history-in-language';
import { JOURNEY_LANGUAGES, languageCheckpoint } from '../support/i18n';
import { putConversation } from '../support/seed-conversation';
import { putSpokenMeeting } from '../support/transcript-editor';

// The history in each journey language: a few conversations (one pinned, one titled in Arabic,
// one in English) and a search that finds messages and a transcript, then Settings' backups with
// one made on request; each screen measured at every size and theme, judged for text that missed
// translation in the pseudo-language and for accessibility in Arabic. One app on the seeded
// history for the file, opened in a browser context per language; each language's backup is one
// more in the list the next one shows.


function seed(store: HistoryStore) {
  const conversation = (id: string, title: string, pinned: boolean, said: string) =>
    putConversation(store, { id, title, pinned, count: 2, text: (i) => (i ? `About the bridge: ${said}` : said) });
  conversation('plans', 'Bridge plans for the river crossing in spring', true, 'When does the bridge open?');
  conversation('arabic', 'خطة بناء الجسر', false, 'متى يفتح الجسر؟ the bridge');
  conversation('budget', 'Budget', false, 'What did the bridge cost?');
  putSpokenMeeting(store);
}

let seeded: SeededApp;
beforeAll(async () => {
  seeded = await openSeededApp(seed);
});
afterAll(() => seeded?.close());

describe.each(JOURNEY_LANGUAGES)('the history in %s', (language) => {
  let h: HistoryInLanguage;

  beforeAll(async () => {
    h = await openHistoryIn(seeded, language);
  });
  afterAll(async () => {
    const errors = h?.errors ?? [];
    await h?.close();
    expect(errors, 'no console error or uncaught exception').toEqual([]);
  });

  it('lists the conversations and finds a word in messages and a transcript', async () => {
    const { page, t } = h;
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('heading', { name: t('history:list.pinned') }).waitFor();
    await page.getByRole('heading', { name: t('history:list.chats'), exact: true }).waitFor();
    // A title takes its direction from its own text, whatever the page's.
    const arabic = page.getByRole('button', { name: 'خطة بناء الجسر' });
    expect(await arabic.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
    expect(await page.getByRole('button', { name: 'Budget', exact: true }).evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');

    await page.getByRole('searchbox', { name: t('history:search.label') }).fill('bridge');
    const results = page.getByRole('list', { name: t('history:search.results') });
    await results.getByRole('button', { name: /meeting\.mp3/ }).waitFor();
    // Six messages and the meeting's transcript, counted in the language's own plural.
    await page.getByRole('status').getByText(t('history:search.matches', { count: 7 }), { exact: true }).waitFor();
    await results.getByText(t('history:search.transcript'), { exact: false }).first().waitFor();
    await languageCheckpoint(page, language, 'history search');
  });

  it('shows the backups in Settings and makes one on request', async () => {
    const { page, t } = h;
    await page.getByRole('searchbox', { name: t('history:search.label') }).fill('');
    // Settings by its shortcut, as the keyboard reaches it in any language.
    await page.keyboard.press('Control+Comma');
    const section = page.getByRole('region', { name: t('history:backups.heading') });
    await section.getByRole('button', { name: t('history:backups.backUpNow') }).click();
    const made = t('history:backups.made', {
      heldConversations: t('history:backups.conversations', { count: 3 }),
      heldTranscripts: t('history:backups.transcripts', { count: 1 }),
    });
    await section.getByRole('status').getByText(made, { exact: true }).waitFor();
    // Found by its visible word: its name adds the backup's date, which the test does not know.
    await section.getByRole('button').filter({ hasText: t('history:backups.restore') }).first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await languageCheckpoint(page, language, 'history backups');
  });
});
