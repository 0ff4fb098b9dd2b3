import { countTokens } from '../tokenizer/tokenizer';

/** Counted exactly up to here: a 2,000,000-character document (DOCUMENT_CAPS.characters) takes well under its 20 s cap. */
export const EXACT_UP_TO = 2_000_000;
const SAMPLES = 16;
const SAMPLE_CHARACTERS = 64_000;

/**
 * The tokens of a held item's text, for its chip ("~N tokens"), counted in the extraction worker
 * within its time cap. Exact up to EXACT_UP_TO characters; past it, estimated from exact counts
 * of samples spread evenly over the text (~1,000,000 characters in all), scaled by its length:
 * a 100 MB paste counted whole took 15 s at load 9, most of the 20 s cap, so a paste accepted
 * before could be refused as timed out. gpt-tokenizer has no estimate of its own (its
 * `isWithinTokenLimit` stops at a limit). This count is what the chip and exports show, and what a
 * request's plan takes for the item (scaled by the model's learnt ratio), so main never counts it again.
 */
export function heldTokens(text: string, count: (text: string) => number = countTokens): number {
  if (text.length <= EXACT_UP_TO) return count(text);
  const step = text.length / SAMPLES;
  let tokens = 0;
  for (let sample = 0; sample < SAMPLES; sample++) {
    const start = Math.floor(sample * step);
    tokens += count(text.slice(start, start + SAMPLE_CHARACTERS));
  }
  return Math.round((tokens * text.length) / (SAMPLES * SAMPLE_CHARACTERS));
}
