import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { auditAccessibility } from './accessibility';

export const SCREENS = join(process.cwd(), 'test-output', 'screens');

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags keep it off the closed network. English unless a test asks for a locale (a context's
 * `locale`): the app follows the browser's language, whatever the machine's is.
 */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--lang=en-US'];

/** The DevTools endpoints of the run's shared Chromiums, one per worker (tests/setup/shared-chromium.ts), when there are. */
export const SHARED_CHROMIUM = 'CONFAB_SHARED_CHROMIUM';

/**
 * This worker's shared Chromium, connected to, or one launched for the caller (outside a test run:
 * the bench). Either way the caller's `close()` ends what it opened: a connection's contexts are
 * disposed with it, the shared browser lives on. `isLocal`: the browser reads the same disk, so
 * files to upload go by path and downloads have one, as with a launched browser.
 */
export function launchChromium(): Promise<Browser> {
  // One browser per worker (tests/setup/shared-chromium.ts): this worker's, by its pool id (1 to maxWorkers).
  const shared = process.env[SHARED_CHROMIUM]?.split(' ');
  if (shared) return chromium.connectOverCDP(shared[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % shared.length]!, { isLocal: true });
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

/** The page's console errors and uncaught exceptions (a CSP violation, a React error), as they come, into `errors`. */
export function collectErrors(page: Page, errors: string[] = []): string[] {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Opens the app at url and waits for its first screen (`shown`) for up to 30 s: Chromium parses
 * and compiles the bundle then, while the other suites' files load the machine. Everything after
 * gets the usual 10 s, as long as expect.poll waits in the e2e project.
 */
export async function openFirstScreen(page: Page, url: string, shown: (page: Page) => Promise<unknown>): Promise<void> {
  page.setDefaultTimeout(30_000);
  await page.goto(url);
  await shown(page);
  page.setDefaultTimeout(10_000);
}

/**
 * Saves a PNG of the screen as a user sees it, for a person to look at after the run, and audits
 * that screen with axe-core in the light and the dark theme: a serious or critical violation fails
 * the test, so every screen the suite visits is checked.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENS, { recursive: true });
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true });
  await auditAccessibility(page, name);
}
