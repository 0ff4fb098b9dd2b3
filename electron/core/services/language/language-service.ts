import i18next, { type TFunction } from 'i18next';
import ar from '../../../../shared/i18n/locales/ar/main.json';
import de from '../../../../shared/i18n/locales/de/main.json';
import es from '../../../../shared/i18n/locales/es/main.json';
import fr from '../../../../shared/i18n/locales/fr/main.json';
import ja from '../../../../shared/i18n/locales/ja/main.json';
import ko from '../../../../shared/i18n/locales/ko/main.json';
import ptBR from '../../../../shared/i18n/locales/pt-BR/main.json';
import ru from '../../../../shared/i18n/locales/ru/main.json';
import zhCN from '../../../../shared/i18n/locales/zh-CN/main.json';
import zhTW from '../../../../shared/i18n/locales/zh-TW/main.json';
import { english } from '../../../../shared/i18n/english';
import { PSEUDO_LANGUAGE, type UiLanguage } from '../../../../shared/i18n/languages';
import { i18nOptions } from '../../../../shared/i18n/options';
import { pseudoResources } from '../../../../shared/i18n/pseudo';

// The same key checking the page has (renderer/i18n/i18next.d.ts), for main's own calls.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof english;
  }
}

/** Main's words in one language: `t('menu.file')`, keys checked against the English catalogue. */
export type MainWords = TFunction<'main'>;

// Main's catalogue is small, so every language is bundled (static imports: esbuild inlines them).
const catalogue: Record<UiLanguage, object> = {
  en: english.main,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  ja,
  ko,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ru,
  ar,
  [PSEUDO_LANGUAGE]: pseudoResources(english.main),
};

const instance = i18next.createInstance({
  ...i18nOptions('en'),
  ns: ['main'],
  defaultNS: 'main',
  initAsync: false,
  resources: Object.fromEntries(Object.entries(catalogue).map(([language, main]) => [language, { main }])),
});
void instance.init();

/** Main's words in a given language: for what is said before the settings can be read (a failed start). */
export const wordsIn = (language: UiLanguage): MainWords => instance.getFixedT(language, 'main');

/**
 * The language main speaks in: the settings' resolved `uiLanguage`, read at each call (in the
 * harness it follows the browser's languages, which change without a settings update). Words
 * that stay on screen (the menu) are rebuilt by `onChange` listeners when an update changes it.
 */
export function createLanguageService(deps: { language(): UiLanguage; onSettingsChange(listener: () => void): unknown }) {
  const listeners = new Set<(language: UiLanguage) => void>();
  let last = deps.language();
  deps.onSettingsChange(() => {
    const now = deps.language();
    if (now === last) return;
    last = now;
    for (const listener of listeners) listener(now);
  });
  // TFunction's overloads cannot be spelled by a wrapper; it only forwards to the current language's.
  const t = ((...args: unknown[]) => (wordsIn(deps.language()) as unknown as (...forwarded: unknown[]) => string)(...args)) as unknown as MainWords;
  return {
    language: deps.language,
    t,
    /** Called with the new language when a settings update changes it; returns the unsubscribe. */
    onChange(listener: (language: UiLanguage) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type LanguageService = ReturnType<typeof createLanguageService>;
