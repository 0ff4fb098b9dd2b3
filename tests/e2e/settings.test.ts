import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { startWebApp, type WebApp } from '../support/web-app';

let fake: FakeService;
let app: WebApp;
let browser: Browser;
let page: Page;
/** Everything the renderer received or logged, to prove no key ever reaches it. */
const seenByRenderer: string[] = [];

beforeAll(async () => {
  fake = await startFakeService();
  app = await startWebApp({ APP_BASE_URL: fake.baseUrl });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => seenByRenderer.push(String(frame.payload))));
  page.on('console', (message) => seenByRenderer.push(message.text()));
  await openFirstScreen(page, app.url, (shown) => shown.getByRole('button', { name: 'Settings', exact: true }).waitFor());
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await fake?.close();
});

const testConnection = async () => {
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Test connection' }).isEnabled()).toBe(true);
};

async function saveKey(key: string, replacing: boolean) {
  if (replacing) await page.getByRole('button', { name: 'Replace key' }).click();
  await page.getByRole('textbox', { name: replacing ? 'New API key' : 'API key', exact: true }).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await page.getByText(`A key ending in …${key.slice(-4)} is stored in the system keychain.`).waitFor();
}

describe('settings journey in Chromium', () => {
  it('opens Settings with the base URL from APP_BASE_URL and no key', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByLabel('Base URL').inputValue()).toBe(fake.baseUrl);
    expect(await page.getByLabel('MCP address').inputValue()).toBe(fake.mcpUrl);
    expect(await page.getByRole('textbox', { name: 'API key', exact: true }).inputValue()).toBe('');
    await screenshot(page, 'settings-first-run');
  });

  it('refuses an invalid base URL with the reason, keeping what was typed', async () => {
    const field = page.getByLabel('Base URL');
    await field.fill('https://api.example.com/v2');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('alert').getByText(/must end with \/v1/).waitFor();
    expect(await field.inputValue()).toBe('https://api.example.com/v2');
    await screenshot(page, 'settings-invalid-base-url');
    await field.fill(fake.baseUrl);
  });

  it("gives Confab's own message for a base URL without a scheme, not the browser's", async () => {
    const field = page.getByLabel('Base URL');
    await field.fill('api.example.com/v1');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByRole('alert').getByText('The service base URL needs its scheme: start it with https://, for example https://api.example.com/v1.').waitFor();
    expect(await field.inputValue()).toBe('api.example.com/v1');
    await screenshot(page, 'settings-base-url-no-scheme');
    await field.fill(fake.baseUrl);
  });

  it('words a host that cannot be found once, naming it once, without sending the user to Settings', async () => {
    const field = page.getByLabel('Base URL');
    await field.fill('https://confab-test.invalid/v1');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('Saved.', { exact: false }).first().waitFor();
    await testConnection();
    const alert = page.locator('section[aria-labelledby="connection-heading"]').getByRole('alert');
    await alert.getByText(/^Could not reach confab-test\.invalid \((ENOTFOUND|EAI_AGAIN)\)\.$/).waitFor();
    const words = await alert.innerText();
    expect(words.split('confab-test.invalid')).toHaveLength(2);
    expect(words.match(/ENOTFOUND|EAI_AGAIN/g)).toHaveLength(1);
    expect(words).not.toMatch(/Settings/);
    await screenshot(page, 'settings-host-not-found');
    await field.fill(fake.baseUrl);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).first().isDisabled()).toBe(true);
  });

  it('shows missing_api_key guidance before a key is stored', async () => {
    await testConnection();
    await page.getByText('No API key was sent').waitFor();
    // Inside Settings the advice does not send the user to Settings.
    await page.getByText(/^Add your API key\. You create keys/).waitFor();
    expect(await page.getByText(/in Settings/).count()).toBe(0);
    await screenshot(page, 'settings-missing-key');
  });

  it('tries the first key before storing it: one the service refuses is not stored, and stays typed', async () => {
    const field = page.getByRole('textbox', { name: 'API key', exact: true });
    await field.fill(fake.keys.expired);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('The API key has expired or was revoked').waitFor();
    await page.getByText('The key was not saved.').waitFor();
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.keys.expired}`);
    expect(await field.inputValue()).toBe(fake.keys.expired);
    expect(await page.getByText(/A key ending in/).count()).toBe(0);
    await screenshot(page, 'settings-first-key-refused');

    // One message at a time: a newer problem replaces the refusal instead of joining it.
    await field.fill('sk-has a space');
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('alert').getByText(/has no spaces or line breaks/).waitFor();
    expect(await page.getByText('The API key has expired or was revoked').count()).toBe(0);
    await field.fill('');
    await testConnection();
    await page.getByText('No API key was sent').waitFor();
  });

  it('stores a key in the keychain and the connection succeeds', async () => {
    await saveKey(fake.keys.pro, false);
    await testConnection();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(await page.getByText(/answered with the/).textContent()).toMatch(/^The service answered with the Default model in \d+ ms\.$/);
    expect(await page.getByText(/answered with the/).getByText('Default', { exact: true }).getAttribute('title')).toBe('Model id: default');
    await screenshot(page, 'settings-connected');
  });

  it('refuses to replace a working key with an unknown or expired one, showing why and keeping the old key', async () => {
    const kept = `A key ending in …${fake.keys.pro.slice(-4)} is stored in the system keychain.`;
    await page.getByRole('button', { name: 'Replace key' }).click();
    await page.getByRole('textbox', { name: 'New API key', exact: true }).fill('sk-this-key-is-unknown-9876');
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('The API key is not recognised').waitFor();
    await page.getByText('(invalid_api_key)', { exact: true }).waitFor();
    await page.getByText(kept).waitFor();
    // What was typed stays in the field.
    expect(await page.getByRole('textbox', { name: 'New API key', exact: true }).inputValue()).toBe('sk-this-key-is-unknown-9876');
    await screenshot(page, 'settings-invalid-key');

    await page.getByRole('textbox', { name: 'New API key', exact: true }).fill(fake.keys.expired);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('The API key has expired or was revoked').waitFor();
    await page.getByText(/Create a new key in the developer dashboard/).waitFor();
    await page.getByText(kept).waitFor();
    await screenshot(page, 'settings-expired-key');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await testConnection();
    await page.getByText('Connected', { exact: true }).waitFor();
  });

  it('accepts a key without the sk- prefix as a first key, with a visible warning', async () => {
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
    // A token a gateway in front of the service accepts: tried first, like any key.
    fake.issueKey('my-proxy-token-4321');
    await saveKey('my-proxy-token-4321', false);
    fake.withdrawKey('my-proxy-token-4321');
    await page.getByText(/does not start with "sk-"/).waitFor();
    await screenshot(page, 'settings-key-warning');
  });

  it('deletes the key after confirmation', async () => {
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
    await page.getByRole('textbox', { name: 'API key', exact: true }).waitFor();
    expect(await page.getByText(/A key ending in/).count()).toBe(0);
  });

  it('renders the dark theme', async () => {
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'settings-dark');
    await page.getByRole('radio', { name: 'Follow the system' }).check();
  });

  it('never lets a key string reach the renderer', async () => {
    const keys = [fake.keys.pro, fake.keys.expired, 'sk-this-key-is-unknown-9876', 'my-proxy-token-4321'];
    const storage = await page.evaluate(async () => {
      const databases = (await indexedDB.databases?.()) ?? [];
      return JSON.stringify({
        local: { ...localStorage },
        session: { ...sessionStorage },
        databases: databases.map((db) => db.name),
      });
    });
    const dom = await page.content();
    expect(seenByRenderer.length).toBeGreaterThan(10);
    for (const key of keys) {
      for (const place of [...seenByRenderer, storage, dom, app.output()]) expect(place).not.toContain(key);
    }
  });
});
