// Confab in other languages, as the e2e journeys check it: the words a screen should show in a
// language (to find controls by), text that missed translation (in the pseudo-language), and a
// checkpoint that measures, saves and judges each screen.
import i18next from 'i18next';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { english } from '../../shared/i18n/english';
import { PSEUDO_LANGUAGE, type UiLanguage } from '../../shared/i18n/languages';
import { NAMESPACES } from '../../shared/i18n/namespaces';
import { i18nOptions } from '../../shared/i18n/options';
import { pseudoResources } from '../../shared/i18n/pseudo';
import { catalogue } from './catalogue';
import { auditAccessibility } from './accessibility';
import { SIZES, checkScreen } from './layout';

/** The journeys' languages: the pseudo-language, right-to-left Arabic, Japanese (CJK) and German (long words). */
export const JOURNEY_LANGUAGES = [PSEUDO_LANGUAGE, 'ar', 'ja', 'de'] as const satisfies readonly UiLanguage[];

/** A catalogue key (`chat:composer.send`) and its values, as the page words them. */
export type Words = (key: string, options?: Record<string, unknown>) => string;

/** The words of `language`, as the page words them, to find a control by the name a user of that language sees. */
export async function wordsOf(language: UiLanguage): Promise<Words> {
  const resources = Object.fromEntries(
    NAMESPACES.map((ns) => [ns, language === PSEUDO_LANGUAGE ? pseudoResources(english[ns]) : catalogue(language)[ns]]),
  );
  const instance = i18next.createInstance();
  await instance.init({ ...i18nOptions(language), resources: { [language]: resources, en: { ...english } } });
  return (key, options) => String(instance.t(key as never, options as never));
}

/**
 * Runs in the page. Every visible text and every name a user or a screen reader meets (a label,
 * a placeholder, a title) that is not wholly inside the pseudo-language's ⟦…⟧: it came from
 * somewhere other than the catalogue. User content and names are marked translate="no" and not
 * judged, nor are dates in a <time> (Intl formats them), nor digits, punctuation and Intl's
 * units (a count or a size formatted on its own).
 */
function findUntranslated(): string[] {
  const UNITS = /\b(MB|KB|GB|kB|B|ms|s|min|h|sec|hr|AM|PM|am|pm)\b/g;
  const leftover = (text: string) => {
    let rest = text;
    for (let previous = ''; previous !== rest; ) {
      previous = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, '');
    }
    return rest.replace(UNITS, '').match(/\p{L}/u) ? text.trim() : null;
  };
  // A <time> holds a date Intl formatted, which has no words of the pseudo-language to show.
  const excluded = (el: Element | null) => el === null || el.closest('[translate="no"], time, script, style, noscript') !== null;
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    if (excluded(node) || !node.checkVisibility({ visibilityProperty: true })) continue;
    // An element's own text, its children's text nodes joined: a <Trans> string with markup inside
    // spans several nodes, brackets opening in the first and closing in the last.
    const own = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent ?? '').join('');
    const inline = own.trim() && !node.matches('option, textarea') ? leftover(node.textContent ?? '') : null;
    if (inline && !node.closest('[translate="no"]')) found.push(`text "${inline.slice(0, 80)}" in <${node.tagName.toLowerCase()}>`);
    for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
      const value = node.getAttribute(name);
      const bad = value && leftover(value);
      if (bad) found.push(`${name} "${bad.slice(0, 80)}" on <${node.tagName.toLowerCase()}>`);
    }
  }
  if (leftover(document.title)) found.push(`the window title "${document.title}"`);
  return [...new Set(found)];
}

/** Fails naming every text on the screen that did not come from a translation (the page must be in the pseudo-language). */
export async function expectAllTranslated(page: Page, screen: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO_LANGUAGE);
  expect(await page.evaluate(findUntranslated), `untranslated text on screen "${screen}"`).toEqual([]);
}

/**
 * One screen of a journey in `language`: measured at every size in the light and the dark theme
 * (no clipped text, no overlapping controls) and saved in both at 800x600, where a language's
 * longer words and mirrored layout are tightest (test-output/screens/layout/<language>-<screen>-…png;
 * layout.test.ts saves every screen at every size in English), with no untranslated text in the
 * pseudo-language and, in Arabic, no serious accessibility violation.
 */
export async function languageCheckpoint(page: Page, language: UiLanguage, screen: string): Promise<void> {
  expect(await checkScreen(page, `${language} ${screen}`, undefined, [SIZES[0]]), `layout of "${screen}" in ${language}`).toEqual([]);
  if (language === PSEUDO_LANGUAGE) await expectAllTranslated(page, screen);
  if (language === 'ar') await auditAccessibility(page, `${language} ${screen}`);
}
