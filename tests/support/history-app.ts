// The app on one data folder, reopened on the same folder as a person reopens it: after a
// clean quit, or after the process was killed. Used by the history journeys (history*.test.ts).
import { rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectErrors, openFirstScreen } from './browser';
import { startWebApp, type WebApp } from './web-app';

export interface Session {
  readonly app: WebApp;
  readonly page: Page;
  readonly dataDir: string;
  /** Console errors and uncaught exceptions of every page so far (a CSP violation, a React error). */
  readonly errors: string[];
  /** Quits (or, with `kill`, kills) the app and opens it again on the same data folder, in a new page. */
  restart(how?: { kill?: boolean }): Promise<void>;
  /** Quits the app; its data folder is deleted if the session made it (one passed in is the caller's). */
  close(): Promise<void>;
}

export async function openSession(browser: Browser, env: { APP_BASE_URL?: string; APP_DATA_DIR?: string } = {}): Promise<Session> {
  let app = await startWebApp(env);
  const dataDir = app.dataDir;
  const errors: string[] = [];
  let context: BrowserContext;
  let page: Page;

  async function show() {
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    page = await context.newPage();
    collectErrors(page, errors);
    await openFirstScreen(page, app.url, (shown) => shown.getByRole('heading', { name: 'New chat' }).waitFor());
  }

  await show();
  return {
    get app() {
      return app;
    },
    get page() {
      return page;
    },
    dataDir,
    errors,
    async restart({ kill = false } = {}) {
      // The old page loses its bridge when the app goes: what it logs then is expected, not the app's fault.
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      await (kill ? app.kill() : app.stop());
      await context.close();
      app = await startWebApp({ ...env, APP_DATA_DIR: dataDir });
      await show();
    },
    async close() {
      await context.close();
      await app.stop();
      if (!env.APP_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
