// The layout check of every screen (tests/e2e/layout.test.ts): what a user would see as a window
// coming apart, measured in the page at several sizes and in both themes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { CONTROLS, measure } from './layout-rules';

/**
 * The window sizes at each breakpoint (docs/architecture/renderer.md), each in the themes it is
 * measured in: themes change colours, not boxes, so the sizes between the ends are measured once.
 * A PNG is saved once per size, in its `shot` theme (both themes are seen across the sizes): the
 * second theme's picture of the same boxes is one no one looks at, and the pictures were a third
 * of the journey's time.
 */
export const SIZES = [
  { width: 800, height: 600, themes: ['light', 'dark'], shot: 'light' },
  { width: 900, height: 650, themes: ['light'], shot: 'light' },
  { width: 1280, height: 800, themes: ['light', 'dark'], shot: 'dark' },
  { width: 1920, height: 1200, themes: ['light', 'dark'], shot: 'light' },
  { width: 2560, height: 1440, themes: ['dark'], shot: 'dark' },
] as const;

const SCREENS = join(process.cwd(), 'test-output', 'screens', 'layout');

/** Lets the page lay itself out again (a resize, a theme, a virtualized list measuring) before it is measured. */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * A wheel over the sidebar must scroll the sidebar at most: neither the window nor the app's own
 * frame (every ancestor of the sidebar) may move.
 */
async function wheelOverSidebar(page: Page, middle: { x: number; y: number } | null): Promise<string[]> {
  if (!middle) return ['the sidebar is not on screen'];
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.wheel(0, 3000);
  // Two frames for the scroll to land, then what moved, then the window put back (so what follows is
  // measured as a user would see it after a restart): one call, the journey makes ~120 of them.
  const moved = await page.evaluate(async () => {
    const nav = document.querySelector('nav.sidebar')!;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const found: string[] = [];
    if (scrollX !== 0 || scrollY !== 0) found.push(`the window scrolled to ${scrollX},${scrollY}`);
    for (let el = nav.parentElement; el && el !== document.documentElement; el = el.parentElement) {
      if (el.scrollTop !== 0 || el.scrollLeft !== 0) found.push(`<${el.tagName.toLowerCase()}.${el.className}> scrolled to ${el.scrollLeft},${el.scrollTop}`);
    }
    scrollTo(0, 0);
    nav.querySelectorAll('*').forEach((el) => el.scrollTo?.(0, 0));
    return found;
  });
  return moved.map((text) => `frame scrolls after a wheel over the sidebar: ${text}`);
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * Saves a PNG of the window. Chromium's own capture, encoded for speed (a larger file): in half the
 * time of page.screenshot at 2560x1440 on this machine (230 against 480 ms), which also hides the
 * caret with a style put in and taken out; the journey saves ~100.
 */
async function savePng(page: Page, path: string): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = await page.context().newCDPSession(page)));
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
  await writeFile(path, Buffer.from(data, 'base64'));
}

/**
 * Measures the screen on show at every size in its themes (or only in `themes`), saving a PNG of
 * it once per size in test-output/screens/layout/ (of each size in `saved`, all by default), and returns every
 * problem found, each naming screen, size and theme. `settle` runs after each resize, for a screen
 * that must be brought back to its state (a section scrolled into view); what it returns (a list
 * of problems) is added. The theme and the size it found are put back.
 */
export async function checkScreen(
  page: Page,
  screen: string,
  settle?: () => Promise<unknown>,
  saved: readonly (typeof SIZES)[number][] = SIZES,
  themes?: readonly ('light' | 'dark')[],
): Promise<string[]> {
  await mkdir(SCREENS, { recursive: true });
  const before = page.viewportSize();
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
  const problems: string[] = [];
  try {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // A screen to settle is laid out first; otherwise the measuring call waits for the frames itself.
      if (settle) await frames(page);
      const settled = await settle?.();
      if (Array.isArray(settled)) problems.push(...settled.map((problem) => `${screen} at ${size.width}x${size.height}: ${String(problem)}`));
      const measured = themes ?? size.themes;
      const shot = measured.find((next) => next === size.shot) ?? measured[0];
      for (const next of measured) {
        const where = `${screen} at ${size.width}x${size.height}, ${next}`;
        const first = next === measured[0];
        const { problems: broken, sidebar } = await page.evaluate(measure, { controls: CONTROLS, theme: next, wait: first && !settle });
        const found = [...broken, ...(first ? await wheelOverSidebar(page, sidebar) : [])];
        problems.push(...found.map((problem) => `${where}: ${problem}`));
        if (saved.includes(size) && next === shot) await savePng(page, join(SCREENS, `${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${size.width}x${size.height}-${next}.png`));
      }
    }
  } finally {
    await page.evaluate((saved) => {
      if (saved === null) delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = saved;
    }, theme);
    if (before) await page.setViewportSize(before);
  }
  return problems;
}
