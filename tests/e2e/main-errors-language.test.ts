import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, closeExpectingNoErrors, openHarness } from '../support/harness';
import { wordsOf } from '../support/i18n';

// Main refuses in codes with values; the page says them in the user's language. A German user
// sees main's refusal of a duplicate profile name, and the base URL check, in German.

let h: Harness;
let page: Page;
const de = await wordsOf('de');

beforeAll(async () => {
  h = await openHarness({ height: 900, locale: 'de', ready: (shown) => shown.getByRole('button', { name: /Default/ }).first().waitFor() });
  page = h.page;
});

afterAll(async () => {
  const dataDir = h?.app.dataDir;
  await closeExpectingNoErrors(h);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// Found by their place in the form, not their labels: those are the settings screen's own words.
const newProfile = () => page.locator('form.create-profile');
const baseUrlForm = () => page.locator('form.field', { has: page.locator('input[type="url"]') }).first();

describe('main\'s refusals in the user\'s language', () => {
  it('says main\'s refusal of a profile name that is taken in German, naming the name', async () => {
    await page.keyboard.press('Control+Comma');
    await newProfile().locator('input[type="text"]').fill('default');
    await newProfile().locator('button[type="submit"]').click();
    const said = de('errors:profile.name_taken', { name: 'default' });
    expect(said).toMatch(/^Ein Profil namens/);
    await page.locator('section', { has: newProfile() }).getByRole('alert').getByText(said, { exact: true }).waitFor();
    await screenshot(page, 'main-errors-de-profile-name');
    await newProfile().locator('input[type="text"]').fill('');
  });

  it('says a base URL without its scheme in German, with the example to follow', async () => {
    const field = baseUrlForm().locator('input[type="url"]');
    await field.fill('api.example.com/v1');
    await baseUrlForm().locator('button[type="submit"]').click();
    const said = de('errors:base_url.needs_scheme', { example: 'https://api.example.com/v1' });
    expect(said).toMatch(/^Der Basis-URL des Dienstes fehlt das Schema/);
    await baseUrlForm().getByRole('alert').getByText(said, { exact: true }).waitFor();
    expect(await field.inputValue()).toBe('api.example.com/v1');
    await screenshot(page, 'main-errors-de-base-url');
  });
});
