import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { log } from '../../log';
import { createAtomicWriter } from '../storage/json-file';

/** What is known of one model's context, in the caller's size units (characters of input). */
const fitSchema = z.object({ passed: z.number().nullable(), failed: z.number().nullable() });
export type Fit = z.infer<typeof fitSchema>;
const fileSchema = z.record(z.string(), fitSchema);

/**
 * The fit learnt per (service origin, model): the largest input that passed and the smallest the
 * service found too long, kept in the data folder so the next request is cut right up front,
 * without a refused request first. The service may change its limit: a pass at or above the
 * failed size (or a failure at or below the passed one) forgets the old bound.
 */
export function openFits(path: string) {
  let fits: Record<string, Fit> = {};
  try {
    fits = fileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    // None yet, or unreadable: every size is tried once more, which is all a lost fit costs.
  }
  const write = createAtomicWriter(path);
  const get = (key: string): Fit => fits[key] ?? { passed: null, failed: null };

  return {
    get,
    /**
     * The largest part to send up front. No refusal known: no limit (a pass alone says nothing of
     * the limit, and parts cut to it would never pass anything larger). Else what passed, else half
     * what failed: half, as a split halves a refused part, so the next size tried is a split's.
     */
    budget(key: string): number {
      const { passed, failed } = get(key);
      if (failed === null) return Infinity;
      return passed ?? Math.max(1, Math.floor(failed / 2));
    },
    record(key: string, size: number, ok: boolean): Promise<void> {
      const fit = get(key);
      const next: Fit = ok
        ? { passed: Math.max(fit.passed ?? 0, size), failed: fit.failed !== null && size >= fit.failed ? null : fit.failed }
        : { failed: Math.min(fit.failed ?? Infinity, size), passed: fit.passed !== null && size <= fit.passed ? null : fit.passed };
      if (next.passed === fit.passed && next.failed === fit.failed) return Promise.resolve();
      fits = { ...fits, [key]: next };
      // A cache: a disk that refuses it (full, read-only) must not fail the request it learnt from; the fit holds for this run.
      return write(JSON.stringify(fits, null, 2)).catch((error: unknown) => log.warn('Keeping what the model took failed:', error));
    },
  };
}

export type Fits = ReturnType<typeof openFits>;

/** Cuts items into runs, in order, each of at most `budget` in size (an item larger alone is a run of its own). */
export function cutToFit<I>(items: readonly I[], size: (item: I) => number, budget: number): I[][] {
  const parts: I[][] = [];
  let current: I[] = [];
  let filled = 0;
  for (const item of items) {
    const next = size(item);
    if (current.length && filled + next > budget) {
      parts.push(current);
      current = [];
      filled = 0;
    }
    current.push(item);
    filled += next;
  }
  if (current.length) parts.push(current);
  return parts;
}
