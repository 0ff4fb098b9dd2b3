import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { type KillableKeyring, startKillableKeyring } from '../support/killable-keyring';
import { startWebApp, type WebApp } from '../support/web-app';

// The reported defect: with the keychain down, Delete key failed without a word, and once the
// keychain was back chat sent the "deleted" key. Here a real gnome-keyring is killed and revived.
const KEY = 'sk-deleted-while-down-DEL1';
let fake: FakeService;
let keyring: KillableKeyring;
let dataDir: string;
let account: string;
let app: WebApp;
let browser: Browser;
let page: Page;

// Main's own retry waits an hour here (a minute otherwise), so the entry goes with a use of the key
// once the keychain is back: Test connection's, or one the page made as Settings opened. Which one
// comes first is the machine's timing (CI once saw the page's), so the test does not ask.
const startApp = () =>
  startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: keyring.busAddress }, { keyRetrySeconds: 3600 });

async function openKeySettings() {
  await openFirstScreen(page, app.url, (shown) => shown.getByRole('button', { name: 'Settings', exact: true }).waitFor());
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'API key', exact: true }).click();
}

/** Test connection, and what the service received meanwhile. */
async function testConnection() {
  const from = fake.requests.length;
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByText('No API key was sent').waitFor();
  return fake.requests.slice(from).map((request) => request.headers.authorization ?? null);
}

beforeAll(async () => {
  fake = await startFakeService();
  fake.issueKey(KEY);
  dataDir = await mkdtemp(join(tmpdir(), 'confab-data-'));
  account = `${resolve(dataDir)}#default`;
  keyring = await startKillableKeyring();
  // A key a run before stored in the keychain, for this data folder's Default profile.
  await keyring.setSecret('Confab', account, JSON.stringify({ key: KEY, origin: new URL(fake.baseUrl).origin, savedAt: new Date().toISOString() }));
  app = await startApp();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  await openKeySettings();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await keyring?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await fake?.close();
});

describe('deleting the key while the keychain is down', () => {
  it('says the key is removed from Confab and why it is still in the keychain, and never sends it', async () => {
    await page.getByText(/A key ending in …DEL1 is stored in the system keychain/).waitFor();
    await keyring.kill();
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
    await page.getByRole('status').getByText(/^Key removed from Confab\. The system keychain was unavailable/).waitFor();
    expect(await page.getByText(/A key ending in/).count()).toBe(0);
    await screenshot(page, 'settings-key-deletion-pending');
    expect(await testConnection()).not.toContain(`Bearer ${KEY}`);
  });

  it('still never sends it after a restart, and deletes it from the keychain once the keychain is back', async () => {
    await app.stop();
    app = await startApp();
    await openKeySettings();
    await page.getByRole('status').getByText(/^Key removed from Confab\. The system keychain was unavailable/).waitFor();

    await keyring.revive();
    expect(await testConnection()).not.toContain(`Bearer ${KEY}`);
    expect(await keyring.secret('Confab', account)).toBeNull();
    await page.getByText(/^Key removed from Confab/).waitFor({ state: 'detached' });
    await screenshot(page, 'settings-key-deleted-after-keychain-back');
    // Settings, opened again, says that no key is stored, and nothing of a pending deletion.
    await openKeySettings();
    await page.getByRole('textbox', { name: 'API key', exact: true }).waitFor();
    expect(await page.getByText(/^Key removed from Confab/).count()).toBe(0);
    expect(await page.getByText(/cannot tell whether a key is stored/).count()).toBe(0);
  });
});
