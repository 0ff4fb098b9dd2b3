/**
 * The splitter's worker script, for main (index.ts) and for a plan's helper thread
 * (plan-pass.ts): built beside main.cjs for Electron (build/bundle-electron.mjs); from source
 * (the browser harness, tests, the bench) the TypeScript file beside this one, loaded through
 * tsx as the rest of the source is.
 */
import { Worker } from 'node:worker_threads';

function workerScript(): { url: URL; execArgv: string[] | undefined } {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return { url: new URL('./audio-split-worker.cjs', here), execArgv: undefined };
  const hasTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  return { url: new URL('./worker.ts', here), execArgv: hasTsx ? undefined : [...process.execArgv, '--import', 'tsx'] };
}

/** A worker thread answering the requests posted to it, one at a time (worker-pool.ts). */
export function startSplitWorker(): Worker {
  const script = workerScript();
  return new Worker(script.url, { execArgv: script.execArgv, name: 'confab-split' });
}
