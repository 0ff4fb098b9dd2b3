import { ENGLISH_NAMES, LANGUAGE_CODES, isLanguageCode } from '../../shared/domain/languages';
import type { ResponseFormat } from '../../shared/domain/transcript';
import { i18n } from '../i18n';

/**
 * What the user reads for the service's wire names, decided once for every screen. The
 * service gives model ids only (seed §1 and §4.2 describe them but name none), so these
 * names are Confab's, each taken from the interface's own description; the id shows on hover.
 */
const MODEL_NAMES: Record<string, 'models.default' | 'models.fast' | 'models.pro' | 'models.speech1'> = {
  default: 'models.default',
  fast: 'models.fast',
  pro: 'models.pro',
  'speech-1': 'models.speech1',
};

/**
 * A model's name in the UI language; an id Confab has no name for is shown as it is. Call it
 * while rendering a component that uses useTranslation, so a language change re-words it.
 */
export const modelName = (id: string): string => {
  const key = MODEL_NAMES[id.trim()];
  return key ? i18n.t(key, { ns: 'common' }) : id.trim();
};

/** The transcription formats, named by what they give. */
export const FORMAT_NAMES: Record<ResponseFormat, string> = {
  verbose_json: 'Text with word timings',
  json: 'Text only (JSON)',
  text: 'Plain text',
  srt: 'Subtitles (SRT)',
  vtt: 'Subtitles (WebVTT)',
};

const locales = typeof navigator === 'undefined' ? undefined : navigator.languages;
// Answers undefined, not the code, for a language the runtime's locale data cannot name.
const languages = new Intl.DisplayNames(locales, { type: 'language', fallback: 'none' });
// The service may answer with a language's English name ("english") instead of its code.
const BY_ENGLISH_NAME = new Map(LANGUAGE_CODES.map((code) => [ENGLISH_NAMES[code]!.toLowerCase(), code]));

/** A language's name in the user's language (in English where the runtime has none), from its code or English name. */
export function languageName(value: string): string {
  const code = isLanguageCode(value) ? value.toLowerCase() : BY_ENGLISH_NAME.get(value.trim().toLowerCase());
  if (!code) return value;
  const name = languages.of(code);
  return name && name !== code ? name : ENGLISH_NAMES[code]!;
}

/**
 * Every language the service accepts, by name, in the user's alphabetical order. Where two codes
 * have one name in the user's language, the list offers it once, under its first code: two
 * identical entries could not be told apart.
 */
export const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  ...new Map(LANGUAGE_CODES.map((code) => [languageName(code), code] as const).reverse()).entries(),
]
  .map(([name, code]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));
