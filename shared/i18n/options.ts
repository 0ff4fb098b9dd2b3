import type { InitOptions } from 'i18next';
import { NAMESPACES } from './namespaces';
import { PSEUDO_LANGUAGE, UI_LANGUAGES, type UiLanguage } from './languages';

/** How main and the page both set up i18next: one fallback, no region guessing, no HTML escaping (React escapes). */
export const i18nOptions = (language: UiLanguage): InitOptions => ({
  lng: language,
  fallbackLng: 'en',
  supportedLngs: [...UI_LANGUAGES, PSEUDO_LANGUAGE],
  load: 'currentOnly',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
});
