import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { english } from '../../shared/i18n/english';
import { PSEUDO_LANGUAGE, type UiLanguage, directionOf, matchLanguage } from '../../shared/i18n/languages';
import { PAGE_NAMESPACES } from '../../shared/i18n/namespaces';
import { i18nOptions } from '../../shared/i18n/options';
import { pseudoResources } from '../../shared/i18n/pseudo';
import { formatsFor } from './format';

// English is in the bundle (every language falls back to it); the others load when chosen.
const catalogues = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/*/*.json', { import: 'default' });

export const i18n = i18next.createInstance();

async function load(language: UiLanguage): Promise<void> {
  await Promise.all(
    PAGE_NAMESPACES.map(async (ns) => {
      if (i18n.hasResourceBundle(language, ns)) return;
      const bundle =
        language === PSEUDO_LANGUAGE
          ? pseudoResources(english[ns])
          : language === 'en'
            ? english[ns]
            : await catalogues[`../../shared/i18n/locales/${language}/${ns}.json`]!();
      i18n.addResourceBundle(language, ns, bundle);
    }),
  );
}

/** Puts the language on <html>: its `lang` for fonts and screen readers, its `dir` to mirror the layout. */
function markDocument(language: UiLanguage): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/**
 * Starts i18next in the language main resolved (the user's choice, or the system's) before the
 * first render, so no English flashes. Should main not answer, the browser's own languages are the
 * best guess for the message that says so. Main's answer is passed in, so the words (and what
 * uses them) load without the bridge.
 */
export async function startI18n(resolved: Promise<UiLanguage>): Promise<void> {
  const language = await resolved.catch(() => matchLanguage(navigator.languages));
  await i18n.use(initReactI18next).init({ ...i18nOptions(language), resources: { en: { ...english } } });
  // Main sends sizes as bytes (a refused file, a limit): `{{size, size}}` says them as the page's size format does.
  i18n.services.formatter?.add('size', (bytes: number, lng) => formatsFor(lng ?? language).size(bytes));
  await load(language);
  markDocument(language);
}

// The language last asked for: a quicker switch made while this one's words were loading wins.
let wanted: UiLanguage | null = null;

/** Switches every mounted screen at once: react-i18next re-renders what uses the translation. */
export async function switchLanguage(language: UiLanguage): Promise<void> {
  wanted = language;
  if (i18n.language === language) return;
  await load(language);
  if (wanted !== language) return;
  await i18n.changeLanguage(language);
  markDocument(language);
}
