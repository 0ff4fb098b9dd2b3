import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { EXACT_UP_TO, heldTokens } from '../../../../electron/core/services/held/token-count';

// A held item's tokens are counted in its extraction worker, inside the worker's 20 s cap: a
// 100 MB paste counted whole took 15 s at load 9, so past a size the count is estimated from
// exact counts of samples spread over the text (token-count.ts).

/** Words of a made-up language, varied enough that no run of them repeats. */
function prose(characters: number): string {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'qu', 'ex', 'ph', 'th', 'st', 'ar', 'en', 'ol', 'é', '中'];
  const words: string[] = [];
  let length = 0;
  while (length < characters) {
    let word = '';
    for (let n = 1 + Math.floor(random() * 4); n > 0; n--) word += syllables[Math.floor(random() * syllables.length)];
    if (random() < 0.1) word += String(Math.floor(random() * 100_000));
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, characters);
}

describe("a held item's token count", () => {
  it('is exact up to EXACT_UP_TO characters', () => {
    const text = prose(50_000);
    expect(heldTokens(text)).toBe(countTokens(text));
  });

  it('past it, counts samples of about a million characters in all, and lands within 2 % of the exact count', () => {
    const text = prose(EXACT_UP_TO * 2);
    let counted = 0;
    const estimate = heldTokens(text, (part) => ((counted += part.length), countTokens(part)));
    expect(counted).toBeLessThanOrEqual(1_100_000);
    expect(Math.abs(estimate - countTokens(text)) / countTokens(text)).toBeLessThan(0.02);
  });
});
