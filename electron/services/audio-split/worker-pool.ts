/**
 * The splitter's worker threads, kept and reused from one request to the next. Each thread's
 * native memory (the codecs' buffers, in glibc's per-thread malloc arena) stays with the
 * process when the thread ends, so a fresh thread per request made the process grow with the
 * number of parts; a kept thread reuses its own arena. A thread is busy with one request at a
 * time, so there are as many as requests run at once; one that is aborted, fails to answer or
 * ends is terminated and never reused, and one left idle for `idleMs` is terminated, so an idle
 * app holds no splitter memory. Each request opens and closes its own input (worker.ts);
 * nothing of one request is kept for the next.
 */
import type { Worker } from 'node:worker_threads';
import type { SplitAnswer, SplitRequest } from './protocol';
import type { SplitProgress } from './types';
import { startSplitWorker } from './worker-script';

/** Long enough to carry a job from one part to the next, short enough that an idle app lets go. */
export const IDLE_WORKER_MS = 10_000;

export interface SplitWorkerPool {
  /** `request`'s final answer (progress goes to `onProgress`); rejects if the thread fails or `signal` aborts. */
  run(request: SplitRequest, signal: AbortSignal, onProgress?: (progress: SplitProgress) => void): Promise<SplitAnswer>;
  /** Terminates every thread, busy or idle. */
  close(): Promise<void>;
}

/** Only the pool's own listeners: Worker keeps listeners of its own ('newListener') that start its port. */
function forget(worker: Worker) {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

export function createSplitWorkerPool(idleMs = IDLE_WORKER_MS): SplitWorkerPool {
  const busy = new Set<Worker>();
  const idle = new Map<Worker, NodeJS.Timeout>();

  function take(): Worker {
    const [kept] = idle;
    if (!kept) return startSplitWorker();
    const [worker, timer] = kept;
    clearTimeout(timer);
    idle.delete(worker);
    forget(worker);
    worker.ref();
    return worker;
  }

  function putBack(worker: Worker) {
    busy.delete(worker);
    forget(worker);
    // A thread that ends by itself while idle is simply forgotten.
    worker.once('exit', () => discard(worker));
    worker.unref();
    const timer = setTimeout(() => discard(worker), idleMs);
    timer.unref();
    idle.set(worker, timer);
  }

  function discard(worker: Worker) {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
    busy.delete(worker);
    forget(worker);
    void worker.terminate();
  }

  return {
    run(request, signal, onProgress) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(abortReason(signal));
        const worker = take();
        busy.add(worker);
        let settled = false;
        const settle = (reuse: boolean, finish: () => void) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener('abort', onAbort);
          if (reuse) putBack(worker);
          else discard(worker);
          finish();
        };
        // An aborted request may still be decoding: its thread is ended, not reused.
        const onAbort = () => settle(false, () => reject(abortReason(signal)));
        signal.addEventListener('abort', onAbort, { once: true });
        worker.on('message', (answer: SplitAnswer) => {
          if (answer.type === 'progress') onProgress?.(answer.progress);
          // A request that failed may have left its codecs mid-way: its thread is not reused.
          else settle(answer.type !== 'failed', () => resolve(answer));
        });
        worker.on('error', (error) => settle(false, () => reject(new Error(`The splitter stopped unexpectedly: ${error.message}`))));
        worker.on('exit', (code) => settle(false, () => reject(new Error(`The splitter stopped unexpectedly (exit code ${code}).`))));
        worker.postMessage(request);
      });
    },
    async close() {
      const all = [...busy, ...idle.keys()];
      all.forEach(discard);
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new DOMException('The split was cancelled.', 'AbortError'));
