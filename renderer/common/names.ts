import { LANGUAGE_CODES, isLanguageCode } from '../../shared/domain/languages';
import type { ResponseFormat } from '../../shared/domain/transcript';

/**
 * What the user reads for the service's wire names, decided once for every screen. The
 * service gives model ids only (seed §1 and §4.2 describe them but name none), so these
 * names are Confab's, each taken from the interface's own description; the id shows on hover.
 */
const MODEL_NAMES: Record<string, string> = {
  default: 'Default',
  fast: 'Fast',
  pro: 'Pro',
  'speech-1': 'Standard transcription',
};

/** A model's name; an id Confab has no name for is shown as it is. */
export const modelName = (id: string) => MODEL_NAMES[id.trim()] ?? id.trim();

/** The transcription formats, named by what they give. */
export const FORMAT_NAMES: Record<ResponseFormat, string> = {
  verbose_json: 'Text with word timings',
  json: 'Text only (JSON)',
  text: 'Plain text',
  srt: 'Subtitles (SRT)',
  vtt: 'Subtitles (WebVTT)',
};

const languages = new Intl.DisplayNames(typeof navigator === 'undefined' ? undefined : navigator.languages, { type: 'language' });
const english = new Intl.DisplayNames(['en'], { type: 'language' });
// The service may answer with a language's English name ("english") instead of its code.
const BY_ENGLISH_NAME = new Map(LANGUAGE_CODES.map((code) => [english.of(code)?.toLowerCase(), code]));

/** A language's name in the user's language, from its code or English name; anything else as it is. */
export function languageName(value: string): string {
  const code = isLanguageCode(value) ? value.toLowerCase() : BY_ENGLISH_NAME.get(value.trim().toLowerCase());
  return code ? (languages.of(code) ?? value) : value;
}

/**
 * Every language the service accepts, by name, in the user's alphabetical order. Where two
 * codes have one name in the user's language (Twi is named Akan in English), the list offers it
 * once, under its first code: two identical entries could not be told apart.
 */
export const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  ...new Map(LANGUAGE_CODES.map((code) => [languageName(code), code] as const).reverse()).entries(),
]
  .map(([name, code]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));
