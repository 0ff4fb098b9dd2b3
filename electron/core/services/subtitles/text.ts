/**
 * Character-level rules shared by re-segmentation and formatting: how long text looks on
 * screen, which scripts are written without spaces, and which punctuation ends a sentence
 * or a clause.
 */
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Text made only of these is one grapheme per UTF-16 unit: Latin, Greek, Cyrillic,
 * punctuation, kana, CJK ideographs, Hangul syllables and full-width forms, with every
 * combining or joining character in those blocks left out. It skips the segmenter, which
 * costs microseconds a call and would dominate a long transcript.
 */
const ONE_UNIT_GRAPHEMES = /^[\x20-\x7e\xa0-\u02ff\u0370-\u0482\u048a-\u04ff\u2010-\u2027\u2030-\u205f\u3000-\u3029\u3030-\u3098\u309b-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff00-\uff9d\uffa0-\uffef]*$/;

/**
 * What a viewer counts as one character: a grapheme, so "é" written as e + a combining
 * accent, an emoji with skin tone or a flag each count once (UTF-16 length would count 2–8).
 */
export function displayLength(text: string): number {
  if (ONE_UNIT_GRAPHEMES.test(text)) return text.length;
  let count = 0;
  for (const _ of graphemeSegmenter.segment(text)) count++;
  return count;
}

export function graphemes(text: string): string[] {
  if (ONE_UNIT_GRAPHEMES.test(text)) return text.split('');
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

/** Whitespace runs (newlines included) become one space, so no cue line can hold a line break. */
export function collapseSpace(text: string): string {
  const trimmed = text.trim();
  return /\s/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

/**
 * Chinese and Japanese are written without spaces: words in these scripts (and their
 * full-width punctuation) are glued together, and a line may break between any two of
 * their characters. Thai, Lao and similar scripts also omit spaces but must not break
 * inside a word, which takes a dictionary; they are treated like spaced scripts (a token
 * as the server sent it stays whole on one line).
 */
const NO_SPACE = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\u3000-\u303f\uff00-\uffef`;
export const NO_SPACE_START = new RegExp(`^[${NO_SPACE}]`, 'u');
export const NO_SPACE_END = new RegExp(`[${NO_SPACE}]$`, 'u');
export const NO_SPACE_ANY = new RegExp(`[${NO_SPACE}]`, 'u');

const SENTENCE_MARKS = '.!?…。！？';
const CLAUSE_MARKS = ',;:，；：、';
const CLOSERS = `"'”’»)]}」』）`;

/**
 * How a piece of text ends (closing quotes and brackets looked through): the better a place
 * to end a cue or a line, the higher. Plain string look-ups: this runs once per word.
 */
export function phraseEnd(text: string): 'sentence' | 'clause' | null {
  let last = text.length - 1;
  while (last > 0 && CLOSERS.includes(text[last]!)) last--;
  const mark = text[last]!;
  return SENTENCE_MARKS.includes(mark) ? 'sentence' : CLAUSE_MARKS.includes(mark) ? 'clause' : null;
}

/** A token starting with these belongs to the previous word ("Hello" + "," → "Hello,"). */
export const ATTACHES_LEFT = /^[.,!?;:…%)\]}»”’、。，！？；：」』）]/u;
/** A token ending with these belongs to the next word ("(" + "aside" → "(aside"). */
export const OPENERS = '([{«“‘「『（';
export const ATTACHES_RIGHT = new RegExp(`[${OPENERS}]$`, 'u');

/** The separator between two pieces of running text: none inside Chinese or Japanese. */
export function separator(before: string, after: string): string {
  return NO_SPACE_END.test(before) && NO_SPACE_START.test(after) ? '' : ' ';
}
