/**
 * The splitter's script, run for one request in a process of its own (or a thread, for a
 * plan's helper; split-process.ts): the request comes as a message, answered by progress
 * messages, this process's peak memory and one final answer, after which main ends it
 * (run-request.ts). So a part's bytes depend only on its plan and index (the integration test
 * encodes a part again after another and compares).
 *
 * WebCodecs comes from @napi-rs/webcodecs (FFmpeg's codecs, prebuilt per platform on npm),
 * installed as the globals mediabunny looks for, its encoder made to deliver in order
 * (ordered-encoder.ts) and its decoder to deliver everything before a flush ends (complete-decoder.ts).
 */
import '@napi-rs/webcodecs/polyfill';
import { viewBackedAudioData } from './audio-data-views';
import { completeAudioDecoder } from './complete-decoder';
import { encodePart } from './encode-pass';
import { orderedAudioEncoder } from './ordered-encoder';
import { measureLevels } from './measure-pass';
import { planRecording } from './plan-pass';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import { parentLink } from './parent-link';
import { openRecording } from './source';
import type { SplitProgress } from './types';

globalThis.AudioEncoder = orderedAudioEncoder(globalThis.AudioEncoder);
globalThis.AudioDecoder = completeAudioDecoder(globalThis.AudioDecoder);
globalThis.AudioData = viewBackedAudioData(globalThis.AudioData);

const link = parentLink();
const post = (answer: SplitAnswer) => link.post(answer);
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

function failed(error: unknown): SplitAnswer {
  const rejected = error instanceof UnsplittableAudioError;
  const detail = error instanceof Error ? error.message : String(error);
  return { type: 'failed', message: rejected ? detail : `The recording could not be split: ${detail}`, rejected };
}

link.onRequest((request) => {
  run(request)
    .catch(failed)
    .then((answer) => {
      post({ type: 'usage', peakRssKib: process.resourceUsage().maxRSS });
      post(answer);
    });
});
