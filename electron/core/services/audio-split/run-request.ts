/**
 * One splitter request in a process of its own, started for it and ended once it
 * has answered, so nothing of one request (memory, codecs, open files) outlives it. Starting
 * one costs a fraction of a second against minutes of decoding a part. An aborted request's
 * process is killed and the promise settles only once it has exited, so a half-written part
 * is removed after its writer is gone, never while it still writes.
 */
import type { SplitAnswer, SplitRequest } from './protocol';
import type { SplitProcess, StartSplitProcess } from './split-process';
import { Problem } from '../../../../shared/domain/problem';

/** What a process says before its final answer, besides its memory. */
export type SplitUpdate = Extract<SplitAnswer, { type: 'progress' | 'opened' }>;

export interface RequestRunner {
  /** `request`'s final answer (what comes before goes to `onUpdate`); rejects if its process fails or `signal` aborts. */
  run(request: SplitRequest, signal: AbortSignal, onUpdate?: (update: SplitUpdate) => void): Promise<SplitAnswer>;
  /** Kills every running request's process. */
  close(): Promise<void>;
}

/** `onPeakRss`: each process's peak resident memory (KiB) as it reports it with its answer. */
export function createRequestRunner(start: StartSplitProcess, onPeakRss?: (kib: number, request: SplitRequest['type']) => void): RequestRunner {
  const running = new Map<SplitProcess, Promise<void>>();

  return {
    run(request, signal, onUpdate) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(abortReason(signal));
        const child = start();
        let outcome: (() => void) | null = null;
        const exited = new Promise<void>((ended) =>
          child.onExit((detail) => {
            running.delete(child);
            signal.removeEventListener('abort', onAbort);
            ended();
            (outcome ?? (() => reject(new Problem('split.crashed', { detail }))))();
          }),
        );
        running.set(child, exited);
        const finish = (settle: () => void) => {
          if (outcome) return;
          outcome = settle;
          child.kill();
        };
        const onAbort = () => finish(() => reject(abortReason(signal)));
        signal.addEventListener('abort', onAbort, { once: true });
        child.onAnswer((answer) => {
          if (answer.type === 'progress' || answer.type === 'opened') onUpdate?.(answer);
          else if (answer.type === 'usage') onPeakRss?.(answer.peakRssKib, request.type);
          else if (answer.type === 'measured' || answer.type === 'encoded' || answer.type === 'peaks' || answer.type === 'window' || answer.type === 'failed') finish(() => resolve(answer));
        });
        child.send(request);
      });
    },
    async close() {
      const all = [...running];
      for (const [child] of all) child.kill();
      await Promise.all(all.map(([, exited]) => exited));
    },
  };
}

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new DOMException('The split was cancelled.', 'AbortError'));
