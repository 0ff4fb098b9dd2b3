import { eastAsianWidth } from 'get-east-asian-width';
import { graphemes } from './text';

/**
 * A target language's subtitle rules: how wide a line may be (in columns: a Chinese,
 * Japanese or Korean character takes two, as it does on screen), how many lines a cue holds,
 * how many characters a viewer reads per second, and whether the script runs right to left.
 */
export type TargetRules = { columnsPerLine: number; linesPerCue: number; charsPerSecond: number; rtl: boolean; wide: boolean };

/**
 * Figures from Netflix's Timed Text Style Guides, the de-facto standard for subtitles made
 * from a translation: 42 characters a line and 17 a second for alphabetic scripts; 16
 * full-width characters a line for Chinese, Japanese and Korean, read at 9 (Chinese), 4
 * (Japanese: kanji carry more per character) and 12 (Korean, spaced words of Hangul) a second.
 */
const LATIN = { columnsPerLine: 42, linesPerCue: 2, charsPerSecond: 17 };
const WIDE: Record<string, number> = { Hans: 9, Hant: 9, Hani: 9, Jpan: 4, Kore: 12, Hang: 12 };
/** Scripts written right to left (Arabic also covers Persian and Urdu; Hebrew covers Yiddish). */
const RIGHT_TO_LEFT = new Set(['Arab', 'Hebr', 'Syrc', 'Thaa', 'Nkoo', 'Adlm']);

/** The rules for a BCP 47 tag; the script comes from CLDR's likely subtags (`ja` → Jpan, `zh-TW` → Hant). */
export function targetRules(language: string): TargetRules {
  const script = likelyScript(language);
  const rtl = RIGHT_TO_LEFT.has(script);
  const perSecond = WIDE[script];
  if (perSecond === undefined) return { ...LATIN, rtl, wide: false };
  return { columnsPerLine: 32, linesPerCue: 2, charsPerSecond: perSecond, rtl, wide: true };
}

function likelyScript(language: string): string {
  try {
    return new Intl.Locale(language).maximize().script ?? '';
  } catch {
    return ''; // Not a language tag (the contract checks its shape, not that it exists): alphabetic rules.
  }
}

/**
 * Columns a text takes on screen by Unicode's East Asian Width, per grapheme (a letter and
 * its marks, an emoji sequence count once). Ambiguous characters (…, “”, ○) are wide in
 * Chinese, Japanese and Korean fonts and narrow elsewhere, as UAX #11 advises.
 */
export function columns(text: string, wide: boolean): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const grapheme of graphemes(text)) width += eastAsianWidth(grapheme.codePointAt(0)!, { ambiguousAsWide: wide });
  return width;
}
