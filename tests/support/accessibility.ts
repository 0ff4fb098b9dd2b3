import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const THEMES = ['light', 'dark'] as const;
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it stands, once in each theme, and throws naming every serious or
 * critical violation (rule, element, why). The theme is switched on <html> the way useTheme does,
 * then put back, so the test goes on with the screen it had.
 */
export async function auditAccessibility(page: Page, name: string): Promise<void> {
  const before = await page.evaluate(() => document.documentElement.dataset.theme ?? null);
  const found: string[] = [];
  try {
    for (const theme of THEMES) {
      await page.evaluate((next) => {
        document.documentElement.dataset.theme = next;
      }, theme);
      const { violations } = await new AxeBuilder({ page })
        // Legacy mode audits each frame in place; the default opens a second page, which a page
        // made by browser.newPage() (no context of its own) cannot do.
        .setLegacyMode(true)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      for (const violation of violations) {
        if (!BLOCKING.has(violation.impact ?? '')) continue;
        for (const node of violation.nodes) {
          found.push(`[${theme}] ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`);
        }
      }
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
