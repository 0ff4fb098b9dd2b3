/**
 * How running text is cut into words and joined again, in every script, for main and the page
 * alike: subtitles, exports, the row index and the transcript editor all join words this way,
 * so a row reads the same wherever it is shown.
 */

/**
 * Chinese and Japanese are written without spaces: words in these scripts (and their
 * full-width punctuation) are glued together, and a line may break between any two of
 * their characters. Thai, Lao and similar scripts also omit spaces but must not break
 * inside a word, which takes a dictionary; they are treated like spaced scripts (a token
 * as the server sent it stays whole, and a space the user types between words is kept).
 */
export const NO_SPACE_CLASS = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\u3000-\u303f\uff00-\uffef`;
export const NO_SPACE_START = new RegExp(`^[${NO_SPACE_CLASS}]`, 'u');
export const NO_SPACE_END = new RegExp(`[${NO_SPACE_CLASS}]$`, 'u');
export const NO_SPACE_ANY = new RegExp(`[${NO_SPACE_CLASS}]`, 'u');

/** The separator between two pieces of running text: none inside Chinese or Japanese. */
export function separator(before: string, after: string): string {
  // No such character comes before U+00B7: most words skip the Unicode expressions.
  if (before.charCodeAt(before.length - 1) < 0xb7 || after.charCodeAt(0) < 0xb7) return ' ';
  return NO_SPACE_END.test(before) && NO_SPACE_START.test(after) ? '' : ' ';
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Text made only of these is one grapheme per UTF-16 unit: Latin, Greek, Cyrillic,
 * punctuation, kana, CJK ideographs, Hangul syllables and full-width forms, with every
 * combining or joining character in those blocks left out. It skips the segmenter, which
 * costs microseconds a call and would dominate a long transcript.
 */
export const ONE_UNIT_GRAPHEMES = /^[\x20-\x7e\xa0-\u02ff\u0370-\u0482\u048a-\u04ff\u2010-\u2027\u2030-\u205f\u3000-\u3029\u3030-\u3098\u309b-\u30ff\u4e00-\u9fff\uac00-\ud7a3\uff00-\uff9d\uffa0-\uffef]*$/;

/** What a viewer counts as characters: graphemes, so a character and its marks stay one. */
export function graphemes(text: string): string[] {
  if (ONE_UNIT_GRAPHEMES.test(text)) return text.split('');
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

/** Words as running text: a space between them, none inside Chinese or Japanese. */
export function joinWords(words: readonly string[]): string {
  let text = words[0] ?? '';
  for (let i = 1; i < words.length; i++) text += separator(words[i - 1]!, words[i]!) + words[i]!;
  return text;
}

/**
 * The words of typed text, the inverse of `joinWords`: whitespace separates words, and
 * Chinese and Japanese text is a word per character (no dictionary cut is needed, and a
 * change re-times or a caret splits at any character). `joinWords(splitWords(x))` is x with
 * its whitespace made single spaces, none left between two such characters.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    if (!chunk) continue;
    if (!NO_SPACE_ANY.test(chunk)) {
      words.push(chunk);
      continue;
    }
    let word = '';
    for (const grapheme of graphemes(chunk)) {
      if (word && NO_SPACE_END.test(word) && NO_SPACE_START.test(grapheme)) {
        words.push(word);
        word = '';
      }
      word += grapheme;
    }
    words.push(word);
  }
  return words;
}

/** Typed text as a row stores it: its words joined again (see `splitWords`). */
export const normalText = (text: string) => joinWords(splitWords(text));

/** The word of typed text a caret at `offset` is in or stands before (an index into `splitWords(text)`). */
export function wordAtOffset(text: string, offset: number): number {
  const before = text.slice(0, offset);
  const after = text.slice(offset);
  const words = splitWords(before).length;
  // Inside a word unless whitespace or a glued pair of characters is on either side.
  const inside = /\S$/.test(before) && /^\S/.test(after) && separator(before, after) !== '';
  return inside ? words - 1 : words;
}

/** Where word `word` of text as a row stores it begins (the end for 'end' or a word past the last). */
export function offsetOfWord(text: string, word: number | 'end'): number {
  const words = splitWords(text);
  if (word === 'end' || word >= words.length) return text.length;
  if (word <= 0) return 0;
  const before = joinWords(words.slice(0, word));
  return before.length + separator(before, words[word]!).length;
}
