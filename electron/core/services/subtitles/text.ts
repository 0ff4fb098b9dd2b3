/**
 * Character-level rules shared by re-segmentation and formatting: how long text looks on
 * screen and which punctuation ends a sentence or a clause. How words are cut and joined in
 * each script is `shared/domain/words.ts`'s, shared with the transcript editor.
 */
import { ONE_UNIT_GRAPHEMES, graphemes } from '../../../../shared/domain/words';

export { NO_SPACE_ANY, NO_SPACE_END, NO_SPACE_START, graphemes, separator } from '../../../../shared/domain/words';

/**
 * What a viewer counts as one character: a grapheme, so "é" written as e + a combining
 * accent, an emoji with skin tone or a flag each count once (UTF-16 length would count 2–8).
 */
export function displayLength(text: string): number {
  return ONE_UNIT_GRAPHEMES.test(text) ? text.length : graphemes(text).length;
}

/** Whitespace runs (newlines included) become one space, so no cue line can hold a line break. */
export function collapseSpace(text: string): string {
  const trimmed = text.trim();
  return /\s/.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

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

/**
 * RIGHT-TO-LEFT MARK: a player sets a line's direction by its first strong character, so a
 * right-to-left line that starts with a digit, punctuation or a Latin name gets this first
 * (the text itself stays in logical order, never reversed).
 */
export const RLM = '\u200f';
/** A line a player shows right to left: it starts with the mark or with a right-to-left letter. */
export const RTL_START = /^(?:\u200f|(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}])/u;

/** A token starting with these belongs to the previous word ("Hello" + "," → "Hello,"). */
export const ATTACHES_LEFT = /^[.,!?;:…%)\]}»”’、。，！？；：」』）]/u;
/** A token ending with these belongs to the next word ("(" + "aside" → "(aside"). */
export const OPENERS = '([{«“‘「『（';
export const ATTACHES_RIGHT = new RegExp(`[${OPENERS}]$`, 'u');
