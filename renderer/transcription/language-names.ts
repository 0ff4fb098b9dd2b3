import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ENGLISH_NAMES, LANGUAGE_CODES, isLanguageCode } from '../../shared/domain/languages';

// The service may answer with a language's English name ("english") instead of its code.
const BY_ENGLISH_NAME = new Map(LANGUAGE_CODES.map((code) => [ENGLISH_NAMES[code]!.toLowerCase(), code]));

export interface LanguageNames {
  /** A recording language's name, from its code or English name; anything else as it is. */
  name(value: string): string;
  /**
   * Every language the service accepts, in the UI language's alphabetical order. Where two codes
   * have one name, the list offers it once, under its first code: two identical entries could
   * not be told apart.
   */
  list: ReadonlyArray<{ code: string; name: string }>;
}

/** The recording languages named in the UI language (in English where the runtime's locale data has no name). */
export function languageNamesIn(uiLanguage: string): LanguageNames {
  // Answers undefined, not the code, for a language the locale data cannot name.
  const names = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' });
  const name = (value: string) => {
    const code = isLanguageCode(value) ? value.toLowerCase() : BY_ENGLISH_NAME.get(value.trim().toLowerCase());
    if (!code) return value;
    const named = names.of(code);
    return named && named !== code ? named : ENGLISH_NAMES[code]!;
  };
  const list = [...new Map(LANGUAGE_CODES.map((code) => [name(code), code] as const).reverse()).entries()]
    .map(([named, code]) => ({ code, name: named }))
    .sort((a, b) => a.name.localeCompare(b.name, uiLanguage));
  return { name, list };
}

/** The names in the language the UI is in now; re-made when it changes. */
export function useLanguageNames(): LanguageNames {
  const { i18n } = useTranslation();
  return useMemo(() => languageNamesIn(i18n.language), [i18n.language]);
}
