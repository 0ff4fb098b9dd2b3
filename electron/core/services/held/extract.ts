import { Worker } from 'node:worker_threads';
import { DOCUMENT_CAPS, type DocumentCaps } from '../../../../shared/contract/documents';
import type { ExtractAnswer, ExtractRequest } from './extract-protocol';

/**
 * The worker script: built beside main.cjs / start.mjs (build/esbuild-node.mjs); from source
 * (tests, the bench) the TypeScript file, loaded through tsx.
 */
function workerScript(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { url: new URL('./held-extract-worker.mjs', here), execArgv: [] };
  return { url: new URL('./extract-worker.ts', here), execArgv: ['--import', 'tsx'] };
}

/**
 * A document's text, read by a worker thread and written to `out` of its own under `caps`: past the time cap the
 * worker is terminated (whatever it is doing: pdf.js inflating a bomb never yields), past the
 * heap cap V8 ends it; either way the answer is a typed refusal in bounded time.
 */
export function extractText(path: string, out: string, name: string, format: ExtractRequest['format'], caps: DocumentCaps = DOCUMENT_CAPS): Promise<ExtractAnswer> {
  const script = workerScript();
  const request: ExtractRequest = { path, out, name, format, caps };
  const worker = new Worker(script.url, {
    workerData: request,
    execArgv: script.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: caps.heapMb, maxYoungGenerationSizeMb: 32 },
  });
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: ExtractAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, problem: { code: 'document.timed_out', values: { name, seconds: caps.seconds } } }), caps.seconds * 1000);
    worker.once('message', (answer: ExtractAnswer) => finish(answer));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, problem: { code: 'document.too_big_to_read', values: { name, max: caps.heapMb * 1024 * 1024 } } }
          : { ok: false, problem: { code: 'document.unreadable', values: { name, detail: error.message } } },
      ),
    );
    worker.once('exit', (code) => finish({ ok: false, problem: { code: 'document.unreadable', values: { name, detail: `exit ${code}` } } }));
  });
}
