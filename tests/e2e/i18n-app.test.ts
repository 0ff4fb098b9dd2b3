import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_PATH } from '../../shared/contract/bridge-protocol';
import { directionOf } from '../../shared/i18n/languages';
import { type AppPage, closeExpectingNoErrors, openAppPage, openHarness, type Harness } from '../support/harness';
import { JOURNEY_LANGUAGES, languageCheckpoint, wordsOf, type Words } from '../support/i18n';

// The app's frame in each journey language, as a first start in that language meets it: the
// sidebar and the window title in the language, the layout mirrored in Arabic, and the screen
// that says Confab could not start (main not answering) in the browser's language. One app for
// the file, which no journey gives a key; each language opens it in a browser context of its own
// that speaks it, so the page starts afresh in that language.

const sections = (page: Page, t: Words) => page.getByRole('navigation', { name: t('common:sidebar.sections') });

let h: Harness;
beforeAll(async () => {
  h = await openHarness({ height: 800, ready: (page) => page.locator('nav.sidebar').waitFor() });
  // Its English page is not walked: closed, so only a language's page talks to main, whose "system"
  // language is the browser's of the page that connected last.
  await h.page.close();
});
afterAll(() => closeExpectingNoErrors(h));

describe.each(JOURNEY_LANGUAGES)('the app frame in %s', (language) => {
  let shown: AppPage;
  let t: Words;
  beforeAll(async () => {
    t = await wordsOf(language);
    shown = await openAppPage(h.browser, h.app, { height: 800, locale: language, ready: (page) => sections(page, t).waitFor() });
  });
  afterAll(() => closeExpectingNoErrors(shown));

  it('starts in the browser\'s language, before a key is stored: sidebar, title and direction', async () => {
    const { page } = shown;
    const nav = sections(page, t);
    await nav.getByRole('button', { name: t('common:sidebar.newChat') }).waitFor();
    await nav.getByRole('button', { name: t('common:sidebar.settings'), exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(t('common:app.title'));
    await expect.poll(() => page.getByText(t('common:app.loading')).count()).toBe(0);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, directionOf(language)]);
    // The sidebar sits at the inline start: on the right in a right-to-left language.
    const sidebar = (await nav.boundingBox())!;
    const screen = (await page.getByRole('main').boundingBox())!;
    if (directionOf(language) === 'rtl') expect(sidebar.x).toBeGreaterThan(screen.x);
    else expect(sidebar.x).toBeLessThan(screen.x);
    await languageCheckpoint(page, language, 'first screen');
  });

  it('says Confab could not start in the browser\'s language when main does not answer', async () => {
    const page = await shown.page.context().newPage();
    try {
      // The bridge refuses at once, as when main is gone: the page has no settings and no language from main.
      await page.routeWebSocket((url) => url.pathname === BRIDGE_PATH, (socket) => socket.close());
      await page.goto(h.app.url);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.getByText(t('common:app.couldNotStart')).isVisible()).toBe(true);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, directionOf(language)]);
      await languageCheckpoint(page, language, 'could not start');
    } finally {
      await page.close();
    }
  });
});
