import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { launchChromium, openFirstScreen, screenshot } from '../support/browser';
import { ask, backToChat, expectedReply } from '../support/chat';
import { startWebApp, type WebApp } from '../support/web-app';

// The browser harness behind a real HTTP proxy (HTTP_PROXY), as on a company network.
let fake: FakeService;
let elsewhere: FakeService;
let proxy: ProxyServer;
let app: WebApp;
let browser: Browser;
let page: Page;
const proxied: string[] = [];

beforeAll(async () => {
  [fake, elsewhere] = await Promise.all([startFakeService(), startFakeService()]);
  proxy = createProxy(createServer());
  proxy.prependListener('request', (req) => proxied.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  app = await startWebApp({ APP_BASE_URL: fake.baseUrl, HTTP_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  await openFirstScreen(page, app.url, (shown) => shown.getByRole('button', { name: 'Settings', exact: true }).waitFor());
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(fake.keys.pro);
  await page.getByRole('button', { name: 'Save key' }).click();
  await page.getByText(/is stored in the system keychain/).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await Promise.all([fake?.close(), elsewhere?.close()]);
});

// Playwright's click waits until the button is enabled again after the previous test.
const testConnection = () => page.getByRole('button', { name: 'Test connection' }).click();

describe('transport in the browser harness', () => {
  it('reaches the service through the proxy from HTTP_PROXY', async () => {
    await testConnection();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(proxied).toContain(`POST ${fake.baseUrl}/chat/completions`);
  });

  it('chats through the proxy: the streamed reply arrives whole', async () => {
    const before = proxied.length;
    await backToChat(page);
    expect(await ask(page, 'Hello through the proxy')).toBe(expectedReply('Hello through the proxy'));
    expect(proxied.slice(before)).toContain(`POST ${fake.baseUrl}/chat/completions`);
    await screenshot(page, 'transport-chat-through-proxy');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
  });

  it('refuses to follow the service to another address, naming both, and keeps the key here', async () => {
    fake.chat.next({ status: 302, errorBody: '', headers: { location: `${elsewhere.baseUrl}/chat/completions` } });
    await testConnection();
    await page.getByText('The service sent Confab elsewhere').waitFor();
    await page.getByText(`The service at 127.0.0.1:${fake.port} redirected to 127.0.0.1:${elsewhere.port}; Confab does not send your key to another address.`).waitFor();
    expect(elsewhere.requests).toEqual([]);
    expect(proxied.some((line) => line.includes(`:${elsewhere.port}/`))).toBe(false);
    await screenshot(page, 'transport-cross-origin-redirect');
  });

  it('says the proxy wants credentials when it answers 407', async () => {
    proxy.authenticate = () => false;
    await testConnection();
    await page.getByText('The proxy needs a user name and password').waitFor();
    await page.getByText(/asks for a user name and password \(407 Proxy Authentication Required\)/).waitFor();
    await screenshot(page, 'transport-proxy-407');
    proxy.authenticate = undefined;
  });
});
