// A Confab on a history written before this start, opened by a browser that speaks a language:
// the history and editor journeys in every language (i18n-history, i18n-editor).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createHistoryStore, type HistoryStore } from '../../electron/core/services/history/history-store';
import type { UiLanguage } from '../../shared/i18n/languages';
import { launchChromium, openFirstScreen } from './browser';
import { wordsOf, type Words } from './i18n';
import { removeFolder } from './temp-folder';
import { startWebApp, type WebApp } from './web-app';

export interface HistoryInLanguage {
  page: Page;
  /** The words of the language, as the page words them. */
  t: Words;
  errors: string[];
  close(): Promise<void>;
}

/** Seeds a new data folder with `seed`, then opens the app on it in a page whose browser speaks `language`. */
export async function openHistoryIn(language: UiLanguage, seed: (store: HistoryStore) => void): Promise<HistoryInLanguage> {
  const t = await wordsOf(language);
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-language-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  seed(store);
  store.close();
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startWebApp({ APP_DATA_DIR: dataDir });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, locale: language });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await openFirstScreen(page, app.url, (shown) => shown.getByRole('searchbox', { name: t('history:search.label') }).waitFor());
    const opened = { app, browser };
    return {
      page,
      t,
      errors,
      async close() {
        await opened.browser.close();
        await opened.app.close();
        await removeFolder(dataDir);
      },
    };
  } catch (error) {
    await browser?.close();
    await app?.close();
    await removeFolder(dataDir);
    throw error;
  }
}
