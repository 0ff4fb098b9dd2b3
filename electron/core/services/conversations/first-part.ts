import { decode, encode, encodeGenerator } from '../tokenizer/tokenizer';
import type { HeldText } from '../held/held-items';

/**
 * gpt-tokenizer decodes with one shared streaming TextDecoder it never flushes: bytes a decode
 * left (a part ending inside a character) come out inside the next decode's answer. A character
 * made of byte tokens flushes it, as its lead byte ends any sequence left.
 */
const FLUSHING = encode('𓀀');
const flushDecoder = () => void decode(FLUSHING);

/** Characters read per token asked for before a longer beginning is tried: prose takes about four a token. */
const CHARACTERS_PER_TOKEN = 8;

/**
 * The first `tokens` tokens of a text as the tokenizer makes them of the whole of it, read from
 * `beginning` alone (null: too short to tell). gpt-tokenizer splits text into pieces (o200k's
 * pattern: words, numbers, punctuation, runs of spaces) and encodes each on its own, so a
 * beginning's pieces are the whole text's but for those its end cut: the last, and a newline run
 * the pattern backtracked from to leave trailing spaces after it. Hence trusted once two more
 * pieces follow the one that reaches the count (tests/unit/…/first-part.test.ts compares the two).
 */
function firstTokensOf(beginning: string, tokens: number, whole: boolean): number[] | null {
  const taken: number[] = [];
  let after = -1;
  for (const piece of encodeGenerator(beginning)) {
    if (taken.length >= tokens && ++after >= 2) return taken.slice(0, tokens);
    taken.push(...piece);
  }
  return whole ? taken.slice(0, tokens) : null;
}

/**
 * How many characters of `text` its first `tokens` are, cut on a token boundary (gpt-tokenizer's,
 * the estimate's own) so the part sent is exactly what was counted. Only a beginning about the
 * part's size is encoded, longer ones only if it was too short: encoding a 100 MB paste whole to
 * send its first pages held main's thread for seconds. A part the user keeps is measured once,
 * when chosen, and kept with the item as this length (carried-items.ts).
 */
export function firstPartLength(text: string, tokens: number): number {
  const wanted = Math.max(1, tokens);
  let first: number[] | null = null;
  for (let read = Math.max(4096, wanted * CHARACTERS_PER_TOKEN); first === null; read *= 2) first = firstTokensOf(text.slice(0, read), wanted, read >= text.length);
  if (first.length < wanted) return text.length;
  flushDecoder();
  const part = decode(first);
  // A part ending inside a character leaves that character's first bytes in the decoder: not part of it.
  flushDecoder();
  let length = 0;
  while (length < part.length && part.charCodeAt(length) === text.charCodeAt(length)) length++;
  return length;
}

/** The held items with one of them cut to its first `tokens`, for a request the whole item does not fit. */
export function withFirstPart(held: readonly HeldText[], itemId: string, tokens: number): HeldText[] {
  return held.map((item) => (item.id === itemId ? { ...item, text: item.text.slice(0, firstPartLength(item.text, tokens)), tokens: Math.min(tokens, item.tokens) } : item));
}

/**
 * The held items as the user chose to send them: each whose beginning alone was kept, cut to it
 * (no encoding: its length was kept); each summarized, its summary in its place.
 */
export function withKeptParts(held: readonly HeldText[]): HeldText[] {
  return held.map((item) => {
    if (item.summary !== undefined) return { ...item, text: item.summary, tokens: item.summaryTokens ?? item.tokens };
    return item.firstChars !== undefined ? { ...item, text: item.text.slice(0, item.firstChars), tokens: item.firstTokens ?? item.tokens } : item;
  });
}
