/**
 * The splitter's script, run for one request in a process of its own (split-process.ts): the
 * request comes as a message, answered by progress messages, this process's peak memory and
 * one final answer, after which main ends the process (run-request.ts). So a part's bytes
 * depend only on its plan and index (the integration test encodes a part again after another
 * and compares).
 *
 * WebCodecs comes from @napi-rs/webcodecs (FFmpeg's codecs, prebuilt per platform on npm),
 * installed as the globals mediabunny looks for, its encoder made to deliver in order
 * (ordered-encoder.ts) and its decoder to deliver everything before a flush ends (complete-decoder.ts).
 */
import '@napi-rs/webcodecs/polyfill';
import { viewBackedAudioData } from './audio-data-views';
import { completeAudioDecoder } from './complete-decoder';
import { encodePart } from './encode-pass';
import { measureStart, measureStretch } from './measure-requests';
import { orderedAudioEncoder } from './ordered-encoder';
import { parentLink } from './parent-link';
import { measurePeaks } from './peaks-pass';
import { measureWindow } from './window-pass';
import type { SplitAnswer, SplitRequest } from './protocol';
import type { SplitProgress } from './types';
import { errorText } from '../../../../shared/domain/error-text';
import { problemOf } from '../../../../shared/domain/problem';

globalThis.AudioEncoder = orderedAudioEncoder(globalThis.AudioEncoder);
globalThis.AudioDecoder = completeAudioDecoder(globalThis.AudioDecoder);
globalThis.AudioData = viewBackedAudioData(globalThis.AudioData);

const link = parentLink();
const post = (answer: SplitAnswer) => link.post(answer);
const report = (progress: SplitProgress) => post({ type: 'progress', progress });

async function run(request: SplitRequest): Promise<SplitAnswer> {
  if (request.type === 'plan') return measureStart(request, post, report);
  if (request.type === 'measure') return measureStretch(request.path, request.fromSample, request.toSample, report);
  if (request.type === 'peaks') return measurePeaks(request.path);
  if (request.type === 'window') return measureWindow(request.path, request.fromMs, request.toMs, request.pairs);
  return { type: 'encoded', part: await encodePart(request, report) };
}

function failed(error: unknown): SplitAnswer {
  // Every problem the splitter words is the file's own (not audio, no track, a codec it cannot decode).
  const problem = problemOf(error);
  return problem ? { type: 'failed', problem, rejected: true } : { type: 'failed', problem: { code: 'split.failed', values: { detail: errorText(error) } }, rejected: false };
}

link.onRequest((request) => {
  run(request)
    .catch(failed)
    .then((answer) => {
      post({ type: 'usage', peakRssKib: process.resourceUsage().maxRSS });
      post(answer);
    });
});
