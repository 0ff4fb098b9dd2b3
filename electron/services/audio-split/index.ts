/**
 * The splitter for long recordings, run by main: each request (a plan, or one part) runs in
 * a fresh worker thread (worker.ts), so decoding never blocks main, an abort ends the thread
 * at once, and what a request held is freed with its thread.
 */
import { rm } from 'node:fs/promises';
import type { Worker } from 'node:worker_threads';
import { DEFAULT_SPLIT, type SplitOptions } from './cut-points';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import type { AudioSplitter, EncodedPart, SplitPlan, SplitProgress } from './types';
import { startSplitWorker } from './worker-script';

export type { AudioSplitter, EncodedPart, SplitCut, SplitPlan, SplitProgress } from './types';
export { UnsplittableAudioError };
export type { SplitOptions };

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new DOMException('The split was cancelled.', 'AbortError'));

/** `options`: where parts may be cut (20-minute parts by default; tests use shorter ones). */
export function createAudioSplitter(options: Partial<SplitOptions> = {}): AudioSplitter {
  const split: SplitOptions = { ...DEFAULT_SPLIT, ...options };
  const running = new Set<Worker>();

  function request(message: SplitRequest, signal: AbortSignal, onProgress?: (p: SplitProgress) => void): Promise<SplitAnswer> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortReason(signal));
      const worker = startSplitWorker(message);
      running.add(worker);
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        running.delete(worker);
        void worker.terminate();
        finish();
      };
      const onAbort = () => settle(() => reject(abortReason(signal)));
      signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (answer: SplitAnswer) => {
        if (answer.type === 'progress') return onProgress?.(answer.progress);
        if (answer.type === 'failed') settle(() => reject(answer.rejected ? new UnsplittableAudioError(answer.message) : new Error(answer.message)));
        else settle(() => resolve(answer));
      });
      worker.on('error', (error) => settle(() => reject(new Error(`The splitter stopped unexpectedly: ${error.message}`))));
      worker.on('exit', (code) => settle(() => reject(new Error(`The splitter stopped unexpectedly (exit code ${code}).`))));
    });
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
    async close() {
      await Promise.all([...running].map((worker) => worker.terminate()));
      running.clear();
    },
  };
}
