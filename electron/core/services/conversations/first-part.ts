import { decode, encode } from 'gpt-tokenizer';
import type { HeldText } from '../held/held-items';

/** `text` cut to its first `tokens` on a token boundary (gpt-tokenizer's, the estimate's own), so the part sent is exactly what was counted. */
function firstTokensOf(text: string, tokens: number): string {
  const all = encode(text);
  return all.length <= tokens ? text : decode(all.slice(0, Math.max(1, tokens)));
}

/** The held items with one of them cut to its first `tokens`, for a request the whole item does not fit. */
export function withFirstPart(held: readonly HeldText[], itemId: string, tokens: number): HeldText[] {
  return held.map((item) => (item.id === itemId ? { ...item, text: firstTokensOf(item.text, tokens) } : item));
}

/** The held items as the user chose to send them: each whose beginning alone was kept, cut to it. */
export function withKeptParts(held: readonly HeldText[]): HeldText[] {
  return held.map((item) => (item.firstTokens ? { ...item, text: firstTokensOf(item.text, item.firstTokens) } : item));
}
