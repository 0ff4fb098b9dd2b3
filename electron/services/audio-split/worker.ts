/**
 * The splitter's worker thread: requests come as messages, one at a time, each answered by
 * progress messages and one final answer; the thread is then kept for the next request
 * (worker-pool.ts). Each request opens and closes its own input and makes its own codecs, and
 * nothing here keeps state between requests, so a part's bytes do not depend on what ran
 * before it (the integration test encodes a part again after another and compares).
 *
 * WebCodecs comes from @napi-rs/webcodecs (FFmpeg's codecs, prebuilt per platform on npm),
 * installed as the globals mediabunny looks for, its encoder made to deliver in order
 * (ordered-encoder.ts) and its decoder to deliver everything before a flush ends (complete-decoder.ts).
 */
import '@napi-rs/webcodecs/polyfill';
import { parentPort } from 'node:worker_threads';
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

// The port's listener also keeps the thread's event loop open while the native codecs, which
// call back from their own threads without a handle of their own, have a frame on its way.
parentPort!.on('message', (request: SplitRequest) => {
  run(request).then(post, (error: unknown) => {
    const rejected = error instanceof UnsplittableAudioError;
    const detail = error instanceof Error ? error.message : String(error);
    post({ type: 'failed', message: rejected ? detail : `The recording could not be split: ${detail}`, rejected });
  });
});
