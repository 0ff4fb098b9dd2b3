/**
 * The splitter's worker thread: one request per worker (in workerData), answered by
 * messages, then the thread ends. A fresh thread per request frees everything the decoder
 * and encoder held (native buffers included) when it ends, so memory does not grow with the
 * number of parts, and a part's samples cannot depend on what ran before it.
 *
 * WebCodecs comes from @napi-rs/webcodecs (FFmpeg's codecs, prebuilt per platform on npm),
 * installed as the globals mediabunny looks for, its encoder made to deliver in order
 * (ordered-encoder.ts) and its decoder to deliver everything before a flush ends (complete-decoder.ts).
 */
import '@napi-rs/webcodecs/polyfill';
import { parentPort, workerData } from 'node:worker_threads';
import { completeAudioDecoder } from './complete-decoder';
import { encodePart } from './encode-pass';
import { orderedAudioEncoder } from './ordered-encoder';
import { planRecording } from './plan-pass';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import type { SplitProgress } from './types';

globalThis.AudioEncoder = orderedAudioEncoder(globalThis.AudioEncoder);
globalThis.AudioDecoder = completeAudioDecoder(globalThis.AudioDecoder);

const post = (answer: SplitAnswer) => parentPort!.postMessage(answer);
const report = (progress: SplitProgress) => post({ type: 'progress', progress });

async function run(request: SplitRequest): Promise<SplitAnswer> {
  if (request.type === 'plan') return { type: 'planned', plan: await planRecording(request.path, request.options, report) };
  return { type: 'encoded', part: await encodePart(request, report) };
}

// The native codecs call back from their own threads without holding the event loop open:
// without a handle of its own, the thread would end while waiting for a decoded frame.
const keepAlive = setInterval(() => {}, 60_000);

run(workerData as SplitRequest)
  .then(post, (error: unknown) => {
    const rejected = error instanceof UnsplittableAudioError;
    const detail = error instanceof Error ? error.message : String(error);
    post({ type: 'failed', message: rejected ? detail : `The recording could not be split: ${detail}`, rejected });
  })
  .finally(() => clearInterval(keepAlive));
