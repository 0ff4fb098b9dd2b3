import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { screenshot } from '../support/browser';
import { type Harness, openHarness } from '../support/harness';

let h: Harness;
let other: FakeService;
let page: Page;

beforeAll(async () => {
  h = await openHarness({ height: 1000, ready: (page) => page.getByRole('button', { name: /^Profile Default/ }).waitFor() });
  other = await startFakeService();
  page = h.page;
});

afterAll(async () => {
  await h?.close();
  await other?.close();
  if (h) await rm(h.app.dataDir, { recursive: true, force: true });
});

const last4 = (key: string) => key.slice(-4);
const stored = (key: string) => page.getByText(`A key ending in …${last4(key)} is stored in the system keychain.`);
const sidebarProfile = () => page.getByRole('button', { name: /^Profile / });
const baseUrlField = () => page.getByLabel('Base URL');

async function saveKey(key: string) {
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await stored(key).waitFor();
}

async function setBaseUrl(url: string) {
  await baseUrlField().fill(url);
  await page.locator('form', { has: baseUrlField() }).getByRole('button', { name: 'Save' }).click();
  await page.getByText(/^Saved\./).first().waitFor();
}

/** The Settings screen scrolls inside itself: bring a card to the top before a screenshot. */
async function shootAt(card: 'API key' | 'Profiles', name: string) {
  await page.getByRole('heading', { name: card, exact: true }).evaluate((heading) => heading.closest('section')!.scrollIntoView({ block: 'start' }));
  await screenshot(page, name);
}

async function useTheme(theme: 'Light' | 'Dark') {
  await page.getByRole('radio', { name: theme }).check();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme.toLowerCase());
}

describe('profiles journey in Chromium', () => {
  it('shows the Default profile in the sidebar and gives it a key for its base URL', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Profiles' }).waitFor();
    expect(await sidebarProfile().textContent()).toContain('Default');
    await saveKey(h.fake.keys.pro);
    await page.getByText(`For ${new URL(h.fake.baseUrl).origin} · saved today`).waitFor();
  });

  it('creates Staging as a copy of Default, without its key', async () => {
    await page.getByLabel('New profile').fill('Staging');
    await page.getByLabel('Start from').selectOption({ label: 'Copy of Default (active)' });
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('button', { name: 'Switch to Staging' }).waitFor();
    expect(await page.getByLabel('New profile').inputValue()).toBe('');

    await page.getByLabel('New profile').fill('staging');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('alert').getByText('A profile named "staging" already exists. Choose another name.').waitFor();
    expect(await page.getByLabel('New profile').inputValue()).toBe('staging');
    await page.getByLabel('New profile').fill('');
  });

  it('switches with the keyboard from the profile switcher (Ctrl+Shift+P); each profile sees its own key', async () => {
    await page.keyboard.press('Control+Shift+P');
    const switcher = page.getByRole('dialog', { name: 'Switch profile' });
    const listbox = switcher.getByRole('listbox', { name: 'Profiles' });
    await listbox.waitFor();
    await expect.poll(() => listbox.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await switcher.getByRole('option', { selected: true }).textContent()).toContain('Default');
    await screenshot(page, 'profiles-switcher-light');
    await page.keyboard.press('ArrowDown');
    expect(await switcher.getByRole('option', { selected: true }).textContent()).toContain('Staging');
    await page.keyboard.press('Enter');
    await switcher.waitFor({ state: 'hidden' });
    await expect.poll(() => sidebarProfile().textContent()).toContain('Staging');

    // Same base URL (copied), no key: this profile has its own keychain entry.
    expect(await baseUrlField().inputValue()).toBe(h.fake.baseUrl);
    await page.getByRole('textbox', { name: 'API key', exact: true }).waitFor();
    await saveKey(h.fake.keys.free);
    await shootAt('Profiles', 'profiles-settings-light');

    await page.getByRole('button', { name: 'Switch to Default' }).click();
    await stored(h.fake.keys.pro).waitFor();
    expect(await sidebarProfile().textContent()).toContain('Default');

    // The sidebar button opens the same switcher; Esc closes it without switching.
    await sidebarProfile().click();
    await listbox.waitFor();
    await page.keyboard.press('Escape');
    await switcher.waitFor({ state: 'hidden' });
    await sidebarProfile().click();
    await switcher.getByRole('option', { name: /Staging/ }).click();
    await stored(h.fake.keys.free).waitFor();
  });

  it('has no key for a base URL on another origin, and sends none there', async () => {
    await setBaseUrl(other.baseUrl);
    const notice = page.getByRole('status').filter({ hasText: 'No key for this address' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(new URL(h.fake.baseUrl).origin);
    expect(await notice.textContent()).toContain(new URL(other.baseUrl).origin);
    expect(await page.getByRole('button', { name: 'Replace key' }).count()).toBe(0);
    await shootAt('API key', 'profiles-no-key-for-address-light');

    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('No API key was sent').waitFor();
    expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(other.requests.some((request) => request.headers.authorization !== undefined)).toBe(false);

    await useTheme('Dark');
    await shootAt('API key', 'profiles-no-key-for-address-dark');
    await useTheme('Light');

    await setBaseUrl(h.fake.baseUrl);
    await stored(h.fake.keys.free).waitFor();
  });

  it('rotates a key: a refused candidate leaves the old key; a working one replaces it', async () => {
    await page.getByRole('button', { name: 'Replace key' }).click();
    const field = page.getByRole('textbox', { name: 'New API key', exact: true });
    await field.fill(h.fake.keys.revoked);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('The API key has expired or was revoked').waitFor();
    await page.getByText(/Create a new key in the developer dashboard/).waitFor();
    await page.getByText('The new key was not saved. The stored key is unchanged.').waitFor();
    await stored(h.fake.keys.free).waitFor();
    expect(h.fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${h.fake.keys.revoked}`);
    await shootAt('API key', 'profiles-rotation-refused-light');
    await useTheme('Dark');
    await shootAt('API key', 'profiles-rotation-refused-dark');

    await field.fill(h.fake.keys.pro);
    await page.getByRole('button', { name: 'Save key' }).click();
    await stored(h.fake.keys.pro).waitFor();
    await page.getByText('The new key was not saved').waitFor({ state: 'detached' });
    await shootAt('Profiles', 'profiles-settings-dark');

    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('listbox', { name: 'Profiles' }).waitFor();
    await screenshot(page, 'profiles-switcher-dark');
    await page.keyboard.press('Escape');
    await useTheme('Light');
  });

  it('renames and deletes a profile, never the last one', async () => {
    await page.getByRole('button', { name: 'Rename Staging' }).click();
    await page.getByLabel('New name for Staging').fill('Pre-production');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => sidebarProfile().textContent()).toContain('Pre-production');

    await page.getByRole('button', { name: 'Delete Pre-production' }).click();
    await page.getByRole('button', { name: 'Yes, delete Pre-production' }).click();
    await expect.poll(() => sidebarProfile().textContent()).toContain('Default');
    await stored(h.fake.keys.pro).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Default' }).count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});
