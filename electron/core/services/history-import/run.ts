import { on } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { ImportOutcome, ImportProgress } from '../../../../shared/contract/history';
import { Problem, type ProblemData } from '../../../../shared/domain/problem';
import type { HistoryStore } from '../history/history-store';
import { planMerge, renamedMessages } from '../history/merge';
import type { ImportRequest, MainSays, WorkerSays } from './protocol';

/** The worker's caps: past the time it is terminated, past the heap V8 ends it; either way a named refusal. */
export const IMPORT_CAPS = { seconds: 120, heapMb: 1024 };
/** About how much message text one part carries from the worker: what main deserialises at once (~1 ms a MB). */
const PART_BYTES = 1024 * 1024;
/** A write transaction's target length: well under the 50 ms stall main allows itself. */
const SLICE_MS = 8;

/** Built beside main.cjs / start.mjs (build/esbuild-node.mjs); from source (tests, the bench) the TypeScript, through tsx. */
function workerScript(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { url: new URL('./history-import-worker.mjs', here), execArgv: [] };
  return { url: new URL('./worker.ts', here), execArgv: ['--import', 'tsx'] };
}

/** Writes `items` in short transactions, sized to take about SLICE_MS each, yielding to the event loop between them. */
async function inSlices<T>(items: T[], write: (slice: T[], at: number) => void) {
  let size = 8;
  for (let at = 0; at < items.length; ) {
    const started = performance.now();
    const slice = items.slice(at, at + size);
    write(slice, at);
    at += slice.length;
    const took = performance.now() - started;
    if (took > SLICE_MS) size = Math.max(1, size >> 1);
    else if (took < SLICE_MS / 4) size *= 2;
    await nextTurn();
  }
}

const refused = (code: string, values: ProblemData['values'] = {}): ImportOutcome => ({ ok: false, problem: { code, values } });

/**
 * Conversation imports, each read and checked by a worker thread and written by main in short
 * transactions, so main's event loop never waits long on one; their progress for the page, and
 * Cancel. What a refused, cancelled or failed import wrote is removed before it answers.
 */
export function createImports(history: HistoryStore) {
  const running = new Map<string, { progress: ImportProgress; cancel: AbortController }>();
  const watchers = new Map<string, Set<{ emit: (progress: ImportProgress) => void; end: () => void }>>();

  const tell = (fileId: string, progress: ImportProgress) => watchers.get(fileId)?.forEach((watcher) => watcher.emit({ ...progress }));

  async function write(fileId: string, worker: Worker, signal: AbortSignal, progress: ImportProgress, begun: { id: string | null }): Promise<ImportOutcome> {
    const ask = (message: MainSays) => worker.postMessage(message);
    let rename = (id: string) => id;
    for await (const [said] of on(worker, 'message', { signal, close: ['exit'] }) as AsyncIterable<[WorkerSays]>) {
      if (said.type === 'read') Object.assign(progress, { bytesRead: said.bytesRead, totalBytes: said.totalBytes });
      else if (said.type === 'refused') return { ok: false, problem: said.problem };
      else if (said.type === 'checked') {
        const plan = planMerge(history, said.fingerprint);
        if (plan.kind === 'unchanged') return { ok: true, conversation: plan.conversation };
        rename = plan.rename;
        history.imports.begin({ ...said.conversation, id: plan.id });
        begun.id = plan.id;
        progress.messagesTotal = said.messages;
        ask({ type: 'next' });
      } else if (said.type === 'part') {
        const id = begun.id!;
        await inSlices(renamedMessages(said.messages, rename), (slice) => {
          history.imports.add(id, slice, [], 0);
          progress.messagesDone += slice.length;
        });
        await inSlices(renamedMessages(said.others, rename), (slice, at) => {
          history.imports.add(id, [], slice, said.from + at);
          progress.messagesDone += slice.length;
        });
        ask({ type: 'next' });
      } else {
        history.imports.show(begun.id!);
        const conversation = history.meta(begun.id!);
        begun.id = null;
        return { ok: true, conversation };
      }
      tell(fileId, progress);
    }
    return refused('import.unreadable', { detail: 'the reader stopped' });
  }

  return {
    /** Imports the export at `path`, staged as `fileId` (the handle the page watches and cancels it by). */
    async run(fileId: string, path: string): Promise<ImportOutcome> {
      const script = workerScript();
      const request: ImportRequest = { path, partBytes: PART_BYTES };
      const worker = new Worker(script.url, {
        workerData: request,
        execArgv: script.execArgv,
        resourceLimits: { maxOldGenerationSizeMb: IMPORT_CAPS.heapMb, maxYoungGenerationSizeMb: 64 },
      });
      const cancel = new AbortController();
      const timeout = AbortSignal.timeout(IMPORT_CAPS.seconds * 1000);
      const progress: ImportProgress = { bytesRead: 0, totalBytes: 0, messagesDone: 0, messagesTotal: null };
      running.set(fileId, { progress, cancel });
      const begun = { id: null as string | null };
      try {
        return await write(fileId, worker, AbortSignal.any([cancel.signal, timeout]), progress, begun);
      } catch (error) {
        if (cancel.signal.aborted) return refused('import.cancelled');
        if (timeout.aborted) return refused('import.timed_out', { seconds: IMPORT_CAPS.seconds });
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return refused('import.too_big_to_read', { max: IMPORT_CAPS.heapMb * 1024 * 1024 });
        if (error instanceof Problem) return refused(error.code, error.values);
        throw error;
      } finally {
        void worker.terminate();
        running.delete(fileId);
        // What a refused or cancelled import wrote goes, a few rows a turn; a crash meanwhile leaves it hidden, purged at the next start.
        if (begun.id) while (!history.imports.drop(begun.id, 200)) await nextTurn();
        watchers.get(fileId)?.forEach((watcher) => watcher.end());
        watchers.delete(fileId);
      }
    },

    /** Tells `emit` of the import of `fileId`'s progress until it ends or `signal` aborts. */
    watch(fileId: string, emit: (progress: ImportProgress) => void, signal: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const watcher = { emit, end: resolve };
        const set = watchers.get(fileId) ?? new Set();
        watchers.set(fileId, set.add(watcher));
        signal.addEventListener('abort', () => (set.delete(watcher), resolve()), { once: true });
        const now = running.get(fileId);
        if (now) emit({ ...now.progress });
      });
    },

    cancel: (fileId: string) => running.get(fileId)?.cancel.abort(),
  };
}

export type Imports = ReturnType<typeof createImports>;
