import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Common target languages as BCP 47 (what main receives). A short list the user searches by
 * name, not every code Intl knows: a subtitle language is picked, not looked up in a registry.
 */
const COMMON = [
  'ar', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fa', 'fi', 'fil', 'fr', 'he', 'hi', 'hr', 'hu', 'id', 'it', 'ja',
  'ko', 'lt', 'lv', 'ms', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'sw', 'ta', 'th', 'tr', 'uk', 'ur', 'vi',
  'zh-Hans', 'zh-Hant',
];

/** A target language's name in the UI language (the code itself where the runtime cannot name it). */
export function useTargetNames() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'language', fallback: 'code' });
    const name = (code: string) => names.of(code) ?? code;
    const list = COMMON.map((code) => ({ code, name: name(code) })).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
    return { name, list };
  }, [i18n.language]);
}
