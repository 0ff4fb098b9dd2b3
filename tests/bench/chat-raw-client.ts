import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** What the reference client did: the time from request start to the last content delta, and the text. */
export interface RawRead {
  ms: number;
  text: string;
  deltas: number;
}

const WORKER_TAG = 'confab-bench-raw-client';

interface RawRequest {
  baseUrl: string;
  key: string;
  said: string;
}

/**
 * The yardstick for the app's streaming: the plainest client there is, Node's `fetch` and
 * eventsource-parser, timed from the request to the last content delta. It runs in a worker
 * thread so that it does not share an event loop with the fake service writing the stream
 * (the app reads from its own process too).
 */
export async function readStream({ baseUrl, key, said }: RawRequest): Promise<RawRead> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({
      model: 'default',
      messages: [{ role: 'user', content: said }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  if (!response.ok || !response.body) throw new Error(`raw client: HTTP ${response.status} ${await response.text()}`);
  let text = '';
  let deltas = 0;
  let last = started;
  const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  for await (const event of events) {
    if (event.data === '[DONE]') break;
    const content = (JSON.parse(event.data) as { choices?: Array<{ delta?: { content?: string | null } }> }).choices?.[0]?.delta?.content;
    if (content) {
      text += content;
      deltas++;
      last = performance.now();
    }
  }
  return { ms: last - started, text, deltas };
}

/** A worker that answers each request message with one RawRead. */
export function startRawClient() {
  const worker = new Worker(new URL(import.meta.url), { workerData: WORKER_TAG });
  let pending: { resolve(read: RawRead): void; reject(error: Error): void } | null = null;
  worker.on('message', (message: { read?: RawRead; error?: string }) => {
    const waiting = pending;
    pending = null;
    if (message.read) waiting?.resolve(message.read);
    else waiting?.reject(new Error(message.error));
  });
  worker.on('error', (error) => pending?.reject(error));
  return {
    read(request: RawRequest): Promise<RawRead> {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request);
      });
    },
    close: () => worker.terminate(),
  };
}

if (!isMainThread && workerData === WORKER_TAG && parentPort) {
  const port = parentPort;
  port.on('message', (request: RawRequest) => {
    readStream(request).then(
      (read) => port.postMessage({ read }),
      (error: Error) => port.postMessage({ error: error.message }),
    );
  });
}
