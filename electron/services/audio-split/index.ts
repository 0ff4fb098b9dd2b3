/**
 * The splitter for long recordings, run by main: each request (a plan, or one part) runs in
 * a worker thread (worker.ts) kept and reused between requests (worker-pool.ts), so decoding
 * never blocks main, an abort ends its thread at once, and memory does not grow with the
 * number of parts.
 */
import { rm } from 'node:fs/promises';
import { DEFAULT_SPLIT, type SplitOptions } from './cut-points';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import type { AudioSplitter, EncodedPart, SplitPlan, SplitProgress } from './types';
import { createSplitWorkerPool } from './worker-pool';

export type { AudioSplitter, EncodedPart, SplitCut, SplitPlan, SplitProgress } from './types';
export { UnsplittableAudioError };
export type { SplitOptions };

/** `options`: where parts may be cut (20-minute parts by default; tests use shorter ones). */
export function createAudioSplitter(options: Partial<SplitOptions> = {}): AudioSplitter {
  const split: SplitOptions = { ...DEFAULT_SPLIT, ...options };
  const workers = createSplitWorkerPool();

  async function request(message: SplitRequest, signal: AbortSignal, onProgress?: (p: SplitProgress) => void): Promise<SplitAnswer> {
    const answer = await workers.run(message, signal, onProgress);
    if (answer.type === 'failed') throw answer.rejected ? new UnsplittableAudioError(answer.message) : new Error(answer.message);
    return answer;
  }

  return {
    async plan({ path, signal, onProgress }): Promise<SplitPlan> {
      const answer = await request({ type: 'plan', path, options: split }, signal, onProgress);
      if (answer.type !== 'planned') throw new Error('The splitter gave no plan.');
      return answer.plan;
    },
    async encodePart({ path, plan, index, outPath, signal, onProgress }): Promise<EncodedPart> {
      try {
        const answer = await request({ type: 'encode', path, plan, index, outPath }, signal, onProgress);
        if (answer.type !== 'encoded') throw new Error('The splitter gave no part.');
        return answer.part;
      } catch (error) {
        // A part cut short is no part: nothing half-written is left for the caller to send.
        await rm(outPath, { force: true });
        throw error;
      }
    },
    close: () => workers.close(),
  };
}
