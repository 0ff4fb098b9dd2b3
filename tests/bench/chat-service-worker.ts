import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type ChatScript, type FakeKeys, startFakeService } from '../fake-service/server';

const WORKER_TAG = 'confab-bench-fake-service';

/** When the fake service received a chat request and when its response closed (epoch ms). */
export interface Served {
  at: number;
  closedAt: number;
}

type FromWorker = { type: 'ready'; baseUrl: string; keys: FakeKeys } | { type: 'queued' } | { type: 'served'; served: Served } | { type: 'closed' };

/**
 * The fake service for the chat bench, in a worker thread of its own: its event loop (the
 * stream's pacing, the time a request arrives) is then never held up by the bench's own work
 * (Playwright's traffic with the page) — the service is another machine to the app, as the
 * raw client's worker is another program. Only chat scripts are needed here.
 */
export async function startServiceWorker() {
  const worker = new Worker(new URL(import.meta.url), { workerData: WORKER_TAG });
  const served: Served[] = [];
  let waiting: ((message: FromWorker) => void) | null = null;
  const reply = () => new Promise<FromWorker>((resolve) => (waiting = resolve));
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'served') served.push(message.served);
    else waiting?.(message);
  });
  const ready = await reply();
  if (ready.type !== 'ready') throw new Error('the fake service worker did not start');
  return {
    baseUrl: ready.baseUrl,
    keys: ready.keys,
    served,
    /** Queues the next chat answer; resolves once the service holds it. */
    async next(script: ChatScript) {
      const queued = reply();
      worker.postMessage({ type: 'next', script });
      await queued;
    },
    async close() {
      const closed = reply();
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
    },
  };
}

export type ServiceWorker = Awaited<ReturnType<typeof startServiceWorker>>;

if (!isMainThread && workerData === WORKER_TAG && parentPort) {
  const port = parentPort;
  const fake = await startFakeService({
    onRequest: (entry) => {
      if (!entry.path.startsWith('/v1/chat/completions')) return;
      port.postMessage({ type: 'served', served: { at: entry.at, closedAt: performance.timeOrigin + performance.now() } });
    },
  });
  port.on('message', (message: { type: 'next'; script: ChatScript } | { type: 'close' }) => {
    if (message.type === 'next') {
      fake.chat.next(message.script);
      port.postMessage({ type: 'queued' });
    } else void fake.close().then(() => port.postMessage({ type: 'closed' }));
  });
  port.postMessage({ type: 'ready', baseUrl: fake.baseUrl, keys: fake.keys });
}
