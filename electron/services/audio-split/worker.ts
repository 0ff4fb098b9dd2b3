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
import { viewBackedAudioData } from './audio-data-views';
import { completeAudioDecoder } from './complete-decoder';
import { encodePart } from './encode-pass';
import { orderedAudioEncoder } from './ordered-encoder';
import { measureLevels } from './measure-pass';
import { planRecording } from './plan-pass';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import { openRecording } from './source';
import type { SplitProgress } from './types';

globalThis.AudioEncoder = orderedAudioEncoder(globalThis.AudioEncoder);
globalThis.AudioDecoder = completeAudioDecoder(globalThis.AudioDecoder);
globalThis.AudioData = viewBackedAudioData(globalThis.AudioData);

const post = (answer: SplitAnswer) => parentPort!.postMessage(answer);
const report = (progress: SplitProgress) => post({ type: 'progress', progress });

async function run(request: SplitRequest): Promise<SplitAnswer> {
  if (request.type === 'plan') return { type: 'planned', plan: await planRecording(request.path, request.options, report) };
  if (request.type === 'measure') return { type: 'measured', ...(await measureRest(request.path, request.fromSample)) };
  return { type: 'encoded', part: await encodePart(request, report) };
}

async function measureRest(path: string, fromSample: number) {
  const recording = await openRecording(path);
  try {
    return await measureLevels(recording, { fromSample, toSample: null }, report);
  } finally {
    recording.input.dispose();
  }
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
