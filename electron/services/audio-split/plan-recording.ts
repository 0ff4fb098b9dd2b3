/**
 * Pass 1, run by main: the whole recording decoded once and measured into levels, and the
 * cut points planned from them (cut-points.ts). Decoding and measuring take one core's time,
 * so a recording long enough to be worth it has its second half measured by a second process
 * at the same time (measure-requests.ts says where it starts); the halves meet on a level
 * window's edge, so the levels are those of one pass (measured: identical for MP3 and WAV; AAC
 * within 0.4 dB in quiet windows, the decoder restarting). Two processes rather than two
 * threads in one: each gives its memory back when it ends, and neither holds the other's.
 * A second half that fails is measured once more by a fresh process.
 */
import { basename } from 'node:path';
import { type SplitOptions, planParts } from './cut-points';
import { LevelMeter } from './levels';
import { type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import type { SplitUpdate } from './run-request';
import type { SplitPlan, SplitProgress } from './types';

type Measured = Extract<SplitAnswer, { type: 'measured' }>;
/** A request in a process of its own; rejects with the process's failure (index.ts). */
export type Request = (request: SplitRequest, signal: AbortSignal, onUpdate?: (update: SplitUpdate) => void) => Promise<SplitAnswer>;

export async function planRecording(request: Request, path: string, options: SplitOptions, signal: AbortSignal, report?: (progress: SplitProgress) => void): Promise<SplitPlan> {
  const measure = (message: SplitRequest, stop: AbortSignal, onUpdate: (update: SplitUpdate) => void) => request(message, stop, onUpdate).then(measuredOnly);
  let totalSeconds: number | null = null;
  const done = [0, 0];
  const progress = (half: 0 | 1) => (update: SplitUpdate) => {
    if (update.type !== 'progress') return;
    done[half] = update.progress.doneSeconds;
    report?.({ doneSeconds: done[0]! + done[1]!, totalSeconds });
  };
  // The second half ends with the plan, whichever way the plan ends.
  const helper = new AbortController();
  const stopHelper = () => helper.abort();
  signal.addEventListener('abort', stopHelper, { once: true });
  const second: { half: number | null; measured?: Promise<Measured> } = { half: null };
  try {
    const first = await measure({ type: 'plan', path }, signal, (update) => {
      if (update.type !== 'opened') return progress(0)(update);
      totalSeconds = update.totalSeconds;
      second.half = update.half;
      if (update.half === null) return;
      second.measured = measure({ type: 'measure', path, fromSample: update.half }, helper.signal, progress(1));
      second.measured.catch(() => undefined);
    });
    const { sampleRate, trailingSamples, primingSamples } = first.shape;
    let { levels, samples } = first;
    if (second.half !== null && second.measured) {
      if (first.samples < second.half) {
        // The recording ended before its middle (its metadata said otherwise): there is no second half.
        samples = Math.max(0, first.samples - trailingSamples);
      } else {
        const fromSample = second.half;
        const rest = await second.measured.catch(() => measure({ type: 'measure', path, fromSample }, signal, progress(1)));
        levels = joined(first.levels, rest.levels);
        samples = rest.samples;
      }
    }
    if (samples === 0) throw new UnsplittableAudioError(`${basename(path)} holds no audio that could be decoded. Check that it plays, then add it again.`);
    const { windowSamples } = new LevelMeter(sampleRate);
    const cutPlan = planParts({ levels, windowSamples, sampleRate, totalSamples: samples }, options);
    const durationSeconds = samples / sampleRate;
    report?.({ doneSeconds: durationSeconds, totalSeconds: durationSeconds });
    return { sampleRate, primingSamples, durationSeconds, cuts: cutPlan.parts.map(({ index, startSample, endSample }) => ({ index, startSample, endSample })) };
  } finally {
    signal.removeEventListener('abort', stopHelper);
    stopHelper();
  }
}

function measuredOnly(answer: SplitAnswer): Measured {
  if (answer.type !== 'measured') throw new Error(`The splitter answered ${answer.type} where levels were expected.`);
  return answer;
}

function joined(a: Float32Array, b: Float32Array): Float32Array {
  const levels = new Float32Array(a.length + b.length);
  levels.set(a);
  levels.set(b, a.length);
  return levels;
}
