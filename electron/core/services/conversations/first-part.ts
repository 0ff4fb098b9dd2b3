import { decode, encode } from 'gpt-tokenizer';
import type { HeldText } from '../held/held-items';

/**
 * gpt-tokenizer decodes with one shared streaming TextDecoder it never flushes: bytes a decode
 * left (a part ending inside a character) come out inside the next decode's answer. A character
 * made of byte tokens flushes it, as its lead byte ends any sequence left.
 */
const FLUSHING = encode('𓀀');
const flushDecoder = () => void decode(FLUSHING);

/**
 * How many characters of `text` its first `tokens` are, cut on a token boundary (gpt-tokenizer's,
 * the estimate's own) so the part sent is exactly what was counted. Encoding is the cost (a
 * 2,000,000-character text: 136–392 ms), so a part the user keeps is measured once, when it is
 * chosen, and kept with the item as this length (carried-items.ts).
 */
export function firstPartLength(text: string, tokens: number): number {
  const all = encode(text);
  if (all.length <= tokens) return text.length;
  flushDecoder();
  const part = decode(all.slice(0, Math.max(1, tokens)));
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
