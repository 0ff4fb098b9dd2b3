import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startFakeService, type FakeService } from '../fake-service/server';
import { collectErrors, launchChromium, openFirstScreen } from './browser';
import { startWebApp, type WebApp } from './web-app';

export interface Harness {
  fake: FakeService;
  app: WebApp;
  browser: Browser;
  page: Page;
  /** Console errors and uncaught exceptions (a CSP violation, a React error). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The fake service, the browser harness pointed at it, and a Chromium page on the app, with
 * clipboard access and every console error collected. `ready` waits for the first screen.
 */
export async function openHarness(options: {
  height: number;
  ready(page: Page): Promise<unknown>;
  answersConsent?: boolean;
  /** The browser's language (navigator.languages and Accept-Language): what a first start follows. */
  locale?: string;
  /** Runs the harness under a file size limit its tests move (web-app.ts `limitFiles`). */
  limitFileBlocks?: 'unlimited';
}): Promise<Harness> {
  const fake = await startFakeService();
  const app = await startWebApp({ APP_BASE_URL: fake.baseUrl }, { answersConsent: options.answersConsent, limitFileBlocks: options.limitFileBlocks });
  const browser = await launchChromium();
  const { page, errors } = await openAppPage(browser, app, options);
  return {
    fake,
    app,
    browser,
    page,
    errors,
    async close() {
      await browser.close();
      await app.close();
      await fake.close();
    },
  };
}

export interface AppPage {
  page: Page;
  /** Console errors and uncaught exceptions of this page. */
  errors: string[];
  /** Closes the page's context (the harness and the browser stay). */
  close(): Promise<void>;
}

/**
 * A page on the app in a context of its own (its cookies, storage and language), with clipboard
 * access and every console error collected; `ready` waits for the first screen. A file that walks
 * several languages opens one per language on one harness: a first start in the browser's language.
 */
export async function openAppPage(
  browser: Browser,
  app: Pick<WebApp, 'url' | 'origin'>,
  options: { height: number; locale?: string; ready(page: Page): Promise<unknown> },
): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1100, height: options.height }, acceptDownloads: true, locale: options.locale });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await openFirstScreen(page, app.url, options.ready);
  return { page, errors, close: () => context.close() };
}

/**
 * Closes the harness (or a page of its own), then fails the file if the page logged an error on
 * the way: the check a journey's last test makes, for files whose tests end on something else.
 */
export async function closeExpectingNoErrors(h: Pick<Harness, 'errors' | 'close'> | undefined) {
  const errors = h?.errors ?? [];
  await h?.close();
  expect(errors, 'no console error or uncaught exception (a CSP violation, a React error)').toEqual([]);
}
