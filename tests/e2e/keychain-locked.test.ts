import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { type LockedKeyring, startLockedKeyring } from '../support/locked-keyring';
import { startWebApp, type WebApp } from '../support/web-app';

// The reported defect: with the login keyring locked and no way to show its unlock prompt, Settings
// blamed a missing keychain, offered no run-only key, spoke off screen, and said the key was stored.
let fake: FakeService;
let keyring: LockedKeyring;
let dataDir: string;
let app: WebApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-data-'));
  // A key a run before stored in the keychain, for this data folder's Default profile.
  const earlier = { key: fake.keys.pro, origin: new URL(fake.baseUrl).origin, savedAt: new Date().toISOString() };
  keyring = await startLockedKeyring([{ service: 'Confab', account: `${resolve(dataDir)}#default`, password: JSON.stringify(earlier) }]);
  app = await startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: keyring.busAddress });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await openFirstScreen(page, app.url, (shown) => shown.getByRole('button', { name: 'Settings', exact: true }).waitFor());
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await keyring?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await fake?.close();
});

/** Wholly inside the 800x600 window (to the pixel: a box may end a fraction of one past it). */
async function expectInView(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(Math.round(box.y)).toBeGreaterThanOrEqual(0);
  expect(Math.round(box.y + box.height)).toBeLessThanOrEqual(600);
}

describe('Settings with a locked keychain whose unlock prompt cannot be shown', () => {
  it('does not say the earlier key is stored, and says the keychain is locked', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'API key', exact: true }).click();
    await page.getByText('Confab cannot tell whether a key is stored: the system keychain could not be read.').waitFor();
    await page.getByRole('status').getByText(/^The system keychain is locked, and its unlock prompt could not be shown/).waitFor();
    expect(await page.getByText(/stored in the system keychain/).count()).toBe(0);
    expect(await page.getByText(/no system keychain/i).count()).toBe(0);
    await expectInView(page.getByRole('button', { name: 'Use this key for this run only' }));
    await screenshot(page, 'settings-keychain-locked-on-open');
  });

  it('says where Save was pressed that the key works but was not saved, why, and what to do', async () => {
    const newKey = 'sk-typed-while-locked-LCK1';
    fake.issueKey(newKey, 'pro');
    await page.getByRole('textbox', { name: 'API key', exact: true }).fill(newKey);
    await page.getByRole('button', { name: 'Save key' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The key works, but it was not saved.' });
    await alert.getByText(/Unlock your login keyring/).waitFor();
    // The service was asked before the keychain: the key is good, only keeping it failed.
    expect(fake.requests.some((request) => request.headers.authorization === `Bearer ${newKey}`)).toBe(true);
    await expectInView(alert);
    await expectInView(page.getByRole('textbox', { name: 'API key', exact: true }));
    expect(await page.getByRole('textbox', { name: 'API key', exact: true }).inputValue()).toBe(newKey);
    expect(await page.getByText(/A key ending in/).count()).toBe(0);
    await screenshot(page, 'settings-keychain-locked');
  });

  it('keeps the key for this run only when asked, says so, and requests carry it', async () => {
    await page.getByRole('button', { name: 'Use this key for this run only' }).click();
    await page.getByText('A key ending in …LCK1 is kept for this run only (in memory, never on disk).').waitFor();
    expect(await page.getByText(/stored in the system keychain/).count()).toBe(0);
    const before = fake.requests.length;
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(fake.requests.slice(before).map((request) => request.headers.authorization)).toContain('Bearer sk-typed-while-locked-LCK1');
    await screenshot(page, 'settings-keychain-locked-run-only');
  });
});
