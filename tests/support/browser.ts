import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { auditAccessibility } from './accessibility';

const SCREENS = join(process.cwd(), 'test-output', 'screens');

/**
 * Debian's Chromium, never a downloaded browser; flags keep it off the closed network. English
 * unless a test asks for a locale: the app follows the browser's language, whatever the machine's is.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--lang=en-US'],
  });
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
