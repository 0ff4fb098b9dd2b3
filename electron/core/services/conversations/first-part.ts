import { decode, encode } from 'gpt-tokenizer';
import type { HeldText } from '../held/held-items';

/**
 * The held items with one of them cut to its first `tokens` (gpt-tokenizer's count, the
 * estimate's own), for a request the whole item does not fit: cut on a token boundary, so the
 * part sent is exactly what was counted.
 */
export function withFirstPart(held: readonly HeldText[], itemId: string, tokens: number): HeldText[] {
  return held.map((item) => {
    if (item.id !== itemId) return item;
    const all = encode(item.text);
    return all.length <= tokens ? item : { ...item, text: decode(all.slice(0, Math.max(1, tokens))) };
  });
}
