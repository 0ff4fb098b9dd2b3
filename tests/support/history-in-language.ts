// A Confab on a history written before this start, opened by browsers that speak a language each:
// the history and editor journeys in every language (i18n-history, i18n-editor). One app and one
// browser per file; each language gets a browser context of its own, so its page starts afresh.
import type { Browser, Page } from 'playwright-core';
import type { HistoryStore } from '../../electron/core/services/history/history-store';
import type { UiLanguage } from '../../shared/i18n/languages';
import { launchChromium } from './browser';
import { openAppPage } from './harness';
import { wordsOf, type Words } from './i18n';
import { seededDataDir } from './seed-conversation';
import { removeFolder } from './temp-folder';
import { startWebApp, type WebApp } from './web-app';

export interface SeededApp {
  app: WebApp;
  browser: Browser;
  close(): Promise<void>;
}

export interface HistoryInLanguage {
  page: Page;
  /** The words of the language, as the page words them. */
  t: Words;
  errors: string[];
  /** Closes the language's context; the app stays for the next language. */
  close(): Promise<void>;
}

/** Seeds a new data folder with `seed`, then starts the app on it and a browser. */
export async function openSeededApp(seed: (store: HistoryStore) => void): Promise<SeededApp> {
  const dataDir = await seededDataDir('language', seed);
  let app: WebApp | undefined;
  try {
    app = await startWebApp({ APP_DATA_DIR: dataDir });
    const browser = await launchChromium();
    const opened = app;
    return {
      app,
      browser,
      async close() {
        await browser.close();
        await opened.close();
        await removeFolder(dataDir);
      },
    };
  } catch (error) {
    await app?.close();
    await removeFolder(dataDir);
    throw error;
  }
}

/** Opens the seeded app in a page whose browser speaks `language`, on its history's first screen. */
export async function openHistoryIn(seeded: SeededApp, language: UiLanguage): Promise<HistoryInLanguage> {
  const t = await wordsOf(language);
  const shown = await openAppPage(seeded.browser, seeded.app, {
    height: 800,
    locale: language,
    ready: (page) => page.getByRole('searchbox', { name: t('history:search.label') }).waitFor(),
  });
  return { ...shown, t };
}
