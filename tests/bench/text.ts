/** Deterministic filler text for benchmarks: a seeded generator over a fixed vocabulary. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'si', 'de', 'pa', 'qu', 'zen', 'bor', 'lin', 'mar', 'tes'];

/** About 4,000 distinct words; frequent ones come up far more often, as in real text. */
export function wordSource(random: () => number) {
  const vocabulary = Array.from({ length: 4000 }, (_, i) => {
    let word = '';
    for (let n = i + 7; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
    return word;
  });
  return {
    vocabulary,
    word: () => vocabulary[Math.floor(vocabulary.length * random() ** 3)]!,
    sentence(words: number) {
      return Array.from({ length: words }, () => this.word()).join(' ') + '.';
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
