/** The main thread's side of the splitter worker: one promise per request, and a kill switch. */
import type { SplitOptions, SplitPlan } from './cut-points';
import type { AnalysisStats, FromSplitter, ToSplitter } from './protocol';

export interface Analysis {
  plan: SplitPlan;
  stats: AnalysisStats;
}

export interface EncodedPart {
  bytes: ArrayBuffer;
  encodeMs: number;
}

/** What the job needs of a splitter (a test may give it another). */
export interface Splitter {
  analyze(file: File, options: SplitOptions, onProgress: (decodedSeconds: number, totalSeconds: number | null) => void): Promise<Analysis>;
  encode(file: File, part: { index: number; startSample: number; endSample: number }, onProgress: (encodedSeconds: number, partSeconds: number) => void): Promise<EncodedPart>;
  /** Stops at once: the worker is ended, with whatever it was decoding or encoding. */
  terminate(): void;
}

export class SplitterStopped extends Error {
  constructor() {
    super('The splitter was stopped.');
    this.name = 'SplitterStopped';
  }
}

/** The file itself cannot be split: retrying will not help. */
export class RejectedFile extends Error {}

interface Pending {
  resolve(message: FromSplitter): void;
  reject(error: Error): void;
  progress(message: FromSplitter): void;
}

/** The splitter in a module worker (Vite bundles split.worker.ts and mediabunny into its own file). */
export function createWorkerSplitter(): Splitter {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };

  function start(): Worker {
    if (worker) return worker;
    const created = new Worker(new URL('./split.worker.ts', import.meta.url), { type: 'module', name: 'confab-splitter' });
    created.addEventListener('message', (event: MessageEvent<FromSplitter>) => {
      const message = event.data;
      const entry = pending.get(message.id);
      if (!entry) return;
      if (message.type === 'analysis-progress' || message.type === 'encode-progress') return entry.progress(message);
      pending.delete(message.id);
      if (message.type === 'failed') entry.reject(message.rejected ? new RejectedFile(message.message) : new Error(message.message));
      else entry.resolve(message);
    });
    created.addEventListener('error', (event) => {
      event.preventDefault();
      failAll(new Error(`The splitter stopped unexpectedly${event.message ? `: ${event.message}` : ''}.`));
      created.terminate();
      if (worker === created) worker = null;
    });
    worker = created;
    return created;
  }

  function request(message: ToSplitter, progress: (message: FromSplitter) => void): Promise<FromSplitter> {
    return new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject, progress });
      start().postMessage(message);
    });
  }

  return {
    async analyze(file, options, onProgress) {
      const answer = await request({ type: 'analyze', id: nextId++, file, options }, (m) => {
        if (m.type === 'analysis-progress') onProgress(m.decodedSeconds, m.totalSeconds);
      });
      if (answer.type !== 'analyzed') throw new Error('The splitter gave no analysis.');
      return { plan: answer.plan, stats: answer.stats };
    },
    async encode(file, part, onProgress) {
      const answer = await request({ type: 'encode', id: nextId++, file, ...part }, (m) => {
        if (m.type === 'encode-progress') onProgress(m.encodedSeconds, m.partSeconds);
      });
      if (answer.type !== 'encoded') throw new Error('The splitter gave no part.');
      return { bytes: answer.bytes, encodeMs: answer.encodeMs };
    },
    terminate() {
      worker?.terminate();
      worker = null;
      failAll(new SplitterStopped());
    },
  };
}
