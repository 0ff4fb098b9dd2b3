import { readFileSync } from 'node:fs';
import { countTokens } from '../tokenizer/tokenizer';
import { z } from 'zod';
import { log } from '../../log';
import { createAtomicWriter } from '../storage/json-file';

/** What the convention adds around each message (role, separators), in tokens. */
export const MESSAGE_OVERHEAD = 4;
/** Cached counts before the cache starts over: several 10,000-message histories fit. */
const CACHE_LIMIT = 50_000;
/** How much one reported count moves the learnt ratio: a mix of models' answers drifts, a single odd one does not swing it. */
const LEARNING = 0.5;

const ratiosSchema = z.record(z.string(), z.number().positive());

/**
 * Tokens of a text, estimated locally with gpt-tokenizer (o200k), then corrected per (service
 * origin, model) by what the service reported as `usage.prompt_tokens` for a request we had
 * estimated: the service's tokenizer is unknown (it publishes none), so the ratio between its
 * count and ours is learnt, and kept in the data folder as model-requests keeps its fits.
 */
export function openTokenEstimates(path: string) {
  let ratios: Record<string, number> = {};
  try {
    ratios = ratiosSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // None learnt yet, or unreadable: estimates start uncorrected, which the next reply mends.
  }
  const write = createAtomicWriter(path);
  // Counting is the costly part of planning a 10,000-message request; a message's text rarely changes.
  const cache = new Map<string, number>();

  const raw = (text: string): number => {
    let count = cache.get(text);
    if (count === undefined) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      count = countTokens(text);
      cache.set(text, count);
    }
    return count;
  };

  return {
    /** gpt-tokenizer's count, uncorrected. */
    raw,
    /** The learnt ratio for `key` (1 until the service reported a count). */
    ratio: (key: string) => ratios[key] ?? 1,
    /** The service counted `reported` prompt tokens for a request we counted `estimated` (uncorrected). */
    learn(key: string, estimated: number, reported: number): Promise<void> {
      if (estimated <= 0 || reported <= 0) return Promise.resolve();
      const seen = reported / estimated;
      const before = ratios[key];
      ratios = { ...ratios, [key]: before === undefined ? seen : before + (seen - before) * LEARNING };
      // A cache like the fits: a disk that refuses it fails no reply.
      return write(JSON.stringify(ratios, null, 2)).catch((error: unknown) => log.warn('Keeping the token ratio failed:', error));
    },
  };
}

export type TokenEstimates = ReturnType<typeof openTokenEstimates>;
