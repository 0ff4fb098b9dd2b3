import { decode, encode } from 'gpt-tokenizer';
import type { HeldText } from '../held/held-items';

/**
 * How many characters of `text` its first `tokens` are, cut on a token boundary (gpt-tokenizer's,
 * the estimate's own) so the part sent is exactly what was counted. Encoding is the cost (a
 * 2,000,000-character text: 136–392 ms), so a part the user keeps is measured once, when it is
 * chosen, and kept with the item as this length (carried-items.ts).
 */
export function firstPartLength(text: string, tokens: number): number {
  const all = encode(text);
  if (all.length <= tokens) return text.length;
  const part = decode(all.slice(0, Math.max(1, tokens)));
  // A token can end inside a character (between its UTF-8 bytes): the part stops before that character.
  let length = part.length;
  while (length > 0 && part.charCodeAt(length - 1) !== text.charCodeAt(length - 1)) length--;
  return length;
}

/** The held items with one of them cut to its first `tokens`, for a request the whole item does not fit. */
export function withFirstPart(held: readonly HeldText[], itemId: string, tokens: number): HeldText[] {
  return held.map((item) => (item.id === itemId ? { ...item, text: item.text.slice(0, firstPartLength(item.text, tokens)) } : item));
}

/** The held items as the user chose to send them: each whose beginning alone was kept, cut to it (no encoding: its length was kept). */
export function withKeptParts(held: readonly HeldText[]): HeldText[] {
  return held.map((item) => (item.firstChars !== undefined ? { ...item, text: item.text.slice(0, item.firstChars) } : item));
}
