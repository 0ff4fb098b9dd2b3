import type { Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ENDONYMS } from '../../shared/i18n/languages';
import { type Harness, closeExpectingNoErrors, openHarness } from '../support/harness';
import { wordsOf } from '../support/i18n';

// The language Confab speaks: a first start follows the browser's (the OS's in the desktop app),
// right-to-left mirrors the window, a language Confab does not have falls back to English, and
// the picker in Settings re-words every screen at once, keeps the choice across a reload, and
// goes back to the system's language on "system".

// The sidebar's words are the app frame's: its Settings entry is found by its place.
const settingsEntry = (page: Page) => page.locator('.sidebar-foot > button.nav-item:not(.transcribe-link):not(.record-link):not(.people-link)');
const sidebar = (page: Page) => page.locator('nav.sidebar');
const lang = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

async function start(locale: string): Promise<Harness> {
  return openHarness({ height: 800, locale, ready: (page) => settingsEntry(page).waitFor() });
}

async function openSettings(page: Page, title: string) {
  await settingsEntry(page).click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

describe('a first start follows the browser language', () => {
  let h: Harness | undefined;
  // Each test starts its own app and browser; a failed one's are closed too.
  afterEach(async () => {
    const opened = h;
    h = undefined;
    await closeExpectingNoErrors(opened);
  });

  it('is in Japanese with a Japanese browser', async () => {
    h = await start('ja');
    const ja = await wordsOf('ja');
    expect(await lang(h.page)).toEqual({ lang: 'ja', dir: 'ltr' });
    await openSettings(h.page, ja('settings:screen.title'));
    await h.page.getByRole('heading', { level: 2, name: ja('settings:profiles.heading') }).waitFor();
  });

  it('is right to left in Arabic, the sidebar on the right', async () => {
    h = await start('ar');
    const ar = await wordsOf('ar');
    expect(await lang(h.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await openSettings(h.page, ar('settings:screen.title'));
    const side = (await sidebar(h.page).boundingBox())!;
    const main = (await h.page.locator('main.settings').boundingBox())!;
    expect(side.x, 'the sidebar sits right of the screen').toBeGreaterThanOrEqual(main.x + main.width - 1);
  });

  it('is in English when the browser asks for a language Confab does not have', async () => {
    h = await start('sw');
    expect(await lang(h.page)).toEqual({ lang: 'en', dir: 'ltr' });
    await openSettings(h.page, 'Settings');
  });
});

describe('the language picker in Settings', () => {
  let h: Harness;
  afterAll(() => closeExpectingNoErrors(h));

  const picker = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true });

  it('names the system language and every language in itself, the pseudo-language not among them', async () => {
    h = await start('ja');
    const ja = await wordsOf('ja');
    await openSettings(h.page, ja('settings:screen.title'));
    const options = await picker(h.page, ja('settings:preferences.language'))
      .locator('option')
      .evaluateAll((all) => all.map((option) => ({ value: option.getAttribute('value'), text: option.textContent, lang: option.getAttribute('lang'), translate: option.getAttribute('translate') })));
    expect(options[0]).toEqual({ value: 'system', text: ja('settings:preferences.systemLanguage', { language: '日本語' }), lang: null, translate: null });
    expect(options.slice(1)).toEqual(Object.entries(ENDONYMS).map(([value, text]) => ({ value, text, lang: value, translate: 'no' })));
  });

  it('re-words the page at once in Deutsch, without a reload', async () => {
    const { page } = h;
    const [ja, de] = await Promise.all([wordsOf('ja'), wordsOf('de')]);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await picker(page, ja('settings:preferences.language')).selectOption('de');
    await page.getByRole('heading', { level: 1, name: de('settings:screen.title'), exact: true }).waitFor();
    expect(await lang(page)).toEqual({ lang: 'de', dir: 'ltr' });
    // Every section, the contents beside them and what other screens show in the sidebar, re-worded.
    await page.getByRole('heading', { level: 2, name: de('settings:key.heading') }).waitFor();
    await page.getByRole('navigation', { name: de('settings:screen.contents') }).getByRole('button', { name: de('settings:key.heading'), exact: true }).waitFor();
    await sidebar(page).getByText(de('settings:switcher.label'), { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await picker(page, de('settings:preferences.language')).inputValue()).toBe('de');
  });

  it('keeps the choice across a reload', async () => {
    const { page } = h;
    const de = await wordsOf('de');
    await page.reload();
    await settingsEntry(page).waitFor();
    expect(await lang(page)).toEqual({ lang: 'de', dir: 'ltr' });
    await openSettings(page, de('settings:screen.title'));
    expect(await picker(page, de('settings:preferences.language')).inputValue()).toBe('de');
  });

  it('goes back to the browser language on "system"', async () => {
    const { page } = h;
    const [ja, de] = await Promise.all([wordsOf('ja'), wordsOf('de')]);
    const choice = picker(page, de('settings:preferences.language'));
    expect(await choice.locator('option[value="system"]').textContent()).toBe(de('settings:preferences.systemLanguage', { language: '日本語' }));
    await choice.selectOption('system');
    await page.getByRole('heading', { level: 1, name: ja('settings:screen.title'), exact: true }).waitFor();
    expect(await lang(page)).toEqual({ lang: 'ja', dir: 'ltr' });
    expect(await picker(page, ja('settings:preferences.language')).inputValue()).toBe('system');
  });
});
