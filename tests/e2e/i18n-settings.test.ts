import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppPage, type Harness, closeExpectingNoErrors, openAppPage, openHarness } from '../support/harness';
import { JOURNEY_LANGUAGES, languageCheckpoint, wordsOf, type Words } from '../support/i18n';

// Settings, its Tools (MCP) section with the service's server connected, and the preferences
// with the language picker, walked in each journey language by the words a user of it reads,
// each screen measured at every size and theme (PNGs in test-output/screens/layout/). One app for
// the file; each language opens it in a browser context of its own that speaks it, and puts back
// what its journey stored (the key, the Pro plan), so the next one starts as a first start does.

// The sidebar's words are the app frame's: its Settings entry is found by its place.
const settingsEntry = (page: Page) => page.locator('.sidebar-foot > button.nav-item:not(.transcribe-link):not(.record-link):not(.people-link)');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Brings a section's top to the top of the screen, as the contents beside the sections do. */
const show = (page: Page, heading: string) => page.getByRole('heading', { level: 2, name: heading, exact: true }).evaluate((el) => el.closest('section')!.scrollIntoView({ block: 'start' }));

/** Deletes the stored key and goes back to the Free plan, in the language's words. */
async function forgetKeyAndPlan(page: Page, t: Words) {
  await show(page, t('settings:key.heading'));
  await page.getByRole('button', { name: t('settings:key.delete'), exact: true }).click();
  await page.getByRole('button', { name: t('settings:key.deleteYes'), exact: true }).click();
  await page.getByRole('textbox', { name: t('settings:key.label'), exact: true }).waitFor();
  // check() fails unless the radio ends up checked.
  await page.getByRole('radio', { name: new RegExp(`^${escape(t('settings:preferences.free'))}`) }).check();
}

let app: Harness;
beforeAll(async () => {
  app = await openHarness({ height: 800, ready: (page) => settingsEntry(page).waitFor() });
  // Its English page is not walked: closed, so only a language's page talks to main, whose "system"
  // language is the browser's of the page that connected last.
  await app.page.close();
});
afterAll(() => closeExpectingNoErrors(app));

describe.each(JOURNEY_LANGUAGES)('Settings in %s', (language) => {
  let shown: AppPage;
  let t: Words;

  beforeAll(async () => {
    t = await wordsOf(language);
    shown = await openAppPage(app.browser, app.app, { height: 800, locale: language, ready: (page) => settingsEntry(page).waitFor() });
  });
  afterAll(async () => {
    try {
      if (shown) await forgetKeyAndPlan(shown.page, t);
    } finally {
      await closeExpectingNoErrors(shown);
    }
  });

  it('shows profiles, the service and the key, and takes a key in its words', async () => {
    const { page } = shown;
    await settingsEntry(page).click();
    await page.getByRole('heading', { level: 1, name: t('settings:screen.title'), exact: true }).waitFor();
    await page.getByRole('textbox', { name: t('settings:key.label'), exact: true }).fill(app.fake.keys.pro);
    await page.getByRole('button', { name: t('settings:key.save'), exact: true }).click();
    await page.getByRole('button', { name: t('settings:key.replace'), exact: true }).waitFor();
    await page.getByRole('radio', { name: new RegExp(`^${escape(t('settings:preferences.pro'))}`) }).check();
    await expect.poll(() => page.getByRole('radio', { name: new RegExp(`^${escape(t('settings:preferences.pro'))}`) }).isChecked()).toBe(true);
    await show(page, t('settings:profiles.heading'));
    await languageCheckpoint(page, language, 'settings');
  });

  it("lists the service's MCP server as connected, with its tools", async () => {
    const { page } = shown;
    await show(page, t('settings:tools.heading'));
    const service = page.getByRole('article', { name: t('mcp:card.serviceName'), exact: true });
    await service.getByText(t('mcp:card.connected', { count: 5 })).waitFor();
    await service.getByRole('term').getByText('get_weather', { exact: true }).waitFor();
    await show(page, t('settings:tools.heading'));
    await languageCheckpoint(page, language, 'settings-mcp');
  });

  it('shows the tool permissions, the plan and the language picker', async () => {
    const { page } = shown;
    await show(page, t('mcp:permissions.heading'));
    await page.getByRole('button', { name: t('mcp:permissions.set'), exact: true }).waitFor();
    await page.getByRole('combobox', { name: t('settings:preferences.language'), exact: true }).waitFor();
    await languageCheckpoint(page, language, 'settings-preferences');
  });
});
