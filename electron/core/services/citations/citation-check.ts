import { fold } from '../../../../shared/domain/fold';
import { indexTerms } from '../history/transcript-rows';

/** What main found of an item's citations: supported, failed, or not checkable (another language). */
export type CitationStatus = 'supported' | 'unsupported' | 'unchecked';

/**
 * Scripts written without letters to count: a CJK word cut by ICU is one or a few characters,
 * each a syllable or a morpheme, so "four letters" cannot apply. There a word of two characters
 * or more counts (預算, 会議, 報告書), as a one-character word is mostly a particle (的, は).
 */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/**
 * The words that can carry an item's meaning: cut as the row index cuts them (Intl.Segmenter,
 * so CJK is cut into words), long enough to mean something (≥ 4 letters; CJK ≥ 2), folded as
 * search folds. Letters are counted before folding: folding leaves a Hangul syllable in jamo,
 * and a one-syllable particle would count as two letters.
 */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const term of indexTerms(text)) {
    const letters = term.match(/\p{L}/gu)?.length ?? 0;
    if (letters >= (IDEOGRAPHIC.test(term) ? 2 : 4)) words.add(fold(term));
  }
  return words;
}

/**
 * Each row's own words by key (its id unless said), as a citation is checked against them. Never
 * its speaker's name: "Anna signed the contract" would share "Anna" with every row Anna spoke,
 * whatever it says. The model still reads who spoke in its prompt.
 */
export function citableTexts<R extends { rowId: string; text: string }>(rows: readonly R[], keyOf: (row: R) => string = (row) => row.rowId): Map<string, string> {
  return new Map(rows.map((row) => [keyOf(row), row.text]));
}

/** The scripts a text's letters are written in, Han, kana and Hangul counting as one (CJK text mixes them). */
const SCRIPTS: Array<[string, RegExp]> = [
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
];

/** The script most of a text's letters are in, or null for a text without letters. */
function mainScript(text: string): string | null {
  const counts = new Map<string, number>();
  for (const letter of text.match(/\p{L}/gu) ?? []) {
    const script = SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [script, count] of counts) if (best === null || count > counts.get(best)!) best = script;
  return best;
}

/**
 * Checks one item against the rows it cites (`rows`: a transcript's rows by id, as they read).
 * Every cited row must exist, and the item must share at least one content word with them.
 *
 * Another language is told by **script**: an item whose letters are mostly in another script
 * than its rows' (English notes of a Japanese meeting) cannot share words with them, so it is
 * *unchecked*, not failed. Two languages in one script (English notes of a Spanish meeting) are
 * not told apart this way: no list of words per language is kept, and guessing a language from
 * a sentence is unreliable; such an item is checked, and fails when it shares no word (names and
 * numbers often are shared). `rows` hold the rows' own words only (`citableTexts`).
 */
export function checkCitation(item: { text: string; rows: readonly string[] }, rows: ReadonlyMap<string, string>): CitationStatus {
  if (!item.rows.length) return 'unsupported';
  const cited = item.rows.map((id) => rows.get(id));
  if (cited.some((text) => text === undefined)) return 'unsupported';
  const source = cited.join('\n');
  const itemScript = mainScript(item.text);
  const rowScript = mainScript(source);
  if (itemScript && rowScript && itemScript !== rowScript) return 'unchecked';
  const words = contentWords(source);
  for (const word of contentWords(item.text)) if (words.has(word)) return 'supported';
  return 'unsupported';
}
