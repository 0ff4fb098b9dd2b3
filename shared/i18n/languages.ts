import { z } from 'zod';

/**
 * The languages Confab's own words are in. `en-XA` is the pseudo-language (accented, longer,
 * bracketed): the e2e journeys run in it to find text that missed translation. It is chosen only
 * by a browser or OS asking for it, never offered in Settings.
 */
export const UI_LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru', 'ar'] as const;
export const PSEUDO_LANGUAGE = 'en-XA';

export const uiLanguageSchema = z.enum([...UI_LANGUAGES, PSEUDO_LANGUAGE]);
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/**
 * What Settings keeps: a language, or "system" to follow the OS (the browser in the harness).
 * The pseudo-language is not a choice: only a system asking for it gets it.
 */
export const languageChoiceSchema = z.union([z.literal('system'), z.enum(UI_LANGUAGES)]);
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** Each language named in itself, as a picker shows it to someone who reads only that language. */
export const ENDONYMS: Readonly<Record<(typeof UI_LANGUAGES)[number], string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<UiLanguage> = new Set(['ar']);

export const directionOf = (language: UiLanguage): 'rtl' | 'ltr' => (RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr');

/**
 * Chinese is chosen by script: Traditional for zh-Hant and the regions that write it, Simplified
 * otherwise. Any Portuguese gets Brazil's, the one Confab has.
 */
function matchOne(tag: string): UiLanguage | null {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.trim()).maximize();
  } catch {
    return null;
  }
  if (locale.language === 'en' && locale.region === 'XA') return PSEUDO_LANGUAGE;
  if (locale.language === 'zh') return locale.script === 'Hant' ? 'zh-TW' : 'zh-CN';
  if (locale.language === 'pt') return 'pt-BR';
  return (UI_LANGUAGES as readonly string[]).includes(locale.language) ? (locale.language as UiLanguage) : null;
}

/** The first of the system's preferred languages (best first) that Confab speaks, else English. */
export function matchLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const match = matchOne(tag);
    if (match) return match;
  }
  return 'en';
}

/** The language the UI is in: the user's choice, or the system's when the choice is "system". */
export const resolveLanguage = (choice: LanguageChoice, system: readonly string[]): UiLanguage =>
  choice === 'system' ? matchLanguage(system) : choice;
