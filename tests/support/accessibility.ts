import axe from 'axe-core';
import type { Page } from 'playwright-core';

const THEMES = ['light', 'dark'] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = ['serious', 'critical'];

/** Runs in the page: axe-core on the document, each serious or critical violation's nodes as sentences. */
async function audit({ tags, blocking }: { tags: string[]; blocking: string[] }): Promise<string[]> {
  // Only violations are listed: the passes and the incomplete are neither reported nor worth aggregating.
  const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  return violations
    .filter((violation) => blocking.includes(violation.impact ?? ''))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`));
}

/**
 * Runs axe-core on the page as it stands, once in each theme, and throws naming every serious or
 * critical violation (rule, element, why). The theme is switched on <html> the way useTheme does,
 * then put back, so the test goes on with the screen it had. axe-core is put in the page once and
 * kept there (a page that navigates gets it again): @axe-core/playwright sent and compiled its
 * 500 kB twice for every run, which was most of an audit's time (docs/testing.md).
 */
export async function auditAccessibility(page: Page, name: string): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
  const found: string[] = [];
  try {
    if (!(await page.evaluate(() => typeof (window as { axe?: typeof axe }).axe?.run === 'function'))) await page.evaluate(axe.source);
    for (const theme of THEMES) {
      await page.evaluate((next) => {
        document.documentElement.dataset.theme = next;
      }, theme);
      found.push(...(await page.evaluate(audit, { tags: TAGS, blocking: BLOCKING })).map((violation) => `[${theme}] ${violation}`));
    }
  } finally {
    await page.evaluate((theme) => {
      if (theme === null) delete document.documentElement.dataset.theme;
      else document.documentElement.dataset.theme = theme;
    }, before);
  }
  if (found.length > 0) throw new Error(`Accessibility violations on screen "${name}":\n${found.join('\n')}`);
}

/** WCAG's contrast ratio of two computed `rgb(r, g, b)` colours. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
