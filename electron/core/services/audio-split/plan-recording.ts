/**
 * Pass 1, run by main: the whole recording decoded once and measured into levels, and the
 * cut points planned from them (cut-points.ts). Decoding and measuring take one core's time,
 * and a process's memory grows with how much it decodes, so a recording long enough for it is
 * measured in stretches no longer than a part (measure-requests.ts says where they start), a
 * process each, two at a time, as parts are made. Stretches meet on a level window's edge, so
 * the levels are those of one pass (measured: identical for MP3 and WAV; AAC within 0.4 dB in
 * quiet windows, the decoder restarting). A stretch after the first that fails is measured once
 * more by a fresh process; the first failing fails the plan (its job offers Retry).
 */
import { basename } from 'node:path';
import { Problem } from '../../../../shared/domain/problem';
import { type SplitOptions, planParts } from './cut-points';
import { LevelMeter } from './levels';
import type { MeasuredAnswer as Measured, SplitAnswer, SplitRequest } from './protocol';
import type { RequestRunner } from './run-request';
import type { SplitPlan, SplitProgress } from './types';

type Opened = Extract<SplitAnswer, { type: 'opened' }>;
/** A request in a process of its own, as run-request.ts runs it; rejects with the process's failure (index.ts). */
export type Request = RequestRunner['run'];

/** Processes measuring at once: one per core of a two-core machine, as parts are made. */
const STRETCHES_AT_ONCE = 2;

export async function planRecording(request: Request, path: string, options: SplitOptions, signal: AbortSignal, report?: (progress: SplitProgress) => void): Promise<SplitPlan> {
  // Every stretch ends with the plan, whichever way the plan ends.
  const stretches = new AbortController();
  const stop = () => stretches.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let totalSeconds: number | null = null;
  const done: number[] = [];
  const measure = (message: SplitRequest, stretch: number, onOpened?: (opened: Opened) => void) =>
    request(message, stretches.signal, (update) => {
      if (update.type === 'opened') return onOpened?.(update);
      done[stretch] = update.progress.doneSeconds;
      report?.({ doneSeconds: done.reduce((sum, seconds) => sum + seconds, 0), totalSeconds });
    }).then(measuredOnly);
  try {
    let announced: (opened: Opened) => void = () => undefined;
    const opened = new Promise<Opened>((resolve) => (announced = resolve));
    const first = measure({ type: 'plan', path, stretchMaxSeconds: options.maxPartSeconds }, 0, (update) => {
      totalSeconds = update.totalSeconds;
      // The length is news at once: the page can show a bar from 0 % before the first stretch reports.
      report?.({ doneSeconds: 0, totalSeconds });
      announced(update);
    });
    // A failure ends the other stretches at once, each with this failure as its own, so the plan fails with it.
    const failing = (error: unknown) => {
      stretches.abort(error);
      throw error;
    };
    first.catch(failing).catch(() => undefined);
    // The first process announces the stretches before it answers, or fails.
    const { stretches: starts } = await Promise.race([opened, first.then(() => opened)]);
    const results = [first, ...(await measureRest(starts, first, (fromSample, toSample, stretch) => {
      const message: SplitRequest = { type: 'measure', path, fromSample, toSample };
      return measure(message, stretch).catch(() => measure(message, stretch)).catch(failing);
    }))];
    const plan = plannedFrom(path, options, await Promise.all(results), starts, report);
    // Cancelled as the last progress came: the plan is not wanted.
    signal.throwIfAborted();
    return plan;
  } finally {
    signal.removeEventListener('abort', stop);
    stretches.abort();
  }
}

/** The stretches after the first, started as processes come free (the first's included); settles once each has. */
async function measureRest(starts: number[], first: Promise<Measured>, measure: (fromSample: number, toSample: number | null, stretch: number) => Promise<Measured>): Promise<Array<Promise<Measured>>> {
  const results: Array<Promise<Measured>> = [];
  let next = 0;
  const slot = async (after?: Promise<unknown>) => {
    await after?.catch(() => undefined);
    for (let index = next++; index < starts.length; index = next++) {
      results[index] = measure(starts[index]!, starts[index + 1] ?? null, index + 1);
      await results[index]!.catch(() => undefined);
    }
  };
  await Promise.all([slot(first), ...Array.from({ length: STRETCHES_AT_ONCE - 1 }, () => slot())]);
  return results;
}

function plannedFrom(path: string, options: SplitOptions, measured: Measured[], starts: number[], report?: (progress: SplitProgress) => void): SplitPlan {
  const { sampleRate, primingSamples, trailingSamples } = measured[0]!.shape;
  const kept: Float32Array[] = [];
  let samples = 0;
  for (const [index, stretch] of measured.entries()) {
    kept.push(stretch.levels);
    samples = stretch.samples;
    const end = starts[index];
    // The recording ended before this stretch's end (its metadata said otherwise): nothing after it counts.
    if (end !== undefined && stretch.samples < end) {
      samples = Math.max(0, stretch.samples - trailingSamples);
      break;
    }
  }
  if (samples === 0) throw new Problem('split.no_decodable_audio', { name: basename(path) });
  const { windowSamples } = new LevelMeter(sampleRate);
  const cutPlan = planParts({ levels: joined(kept), windowSamples, sampleRate, totalSamples: samples }, options);
  const durationSeconds = samples / sampleRate;
  report?.({ doneSeconds: durationSeconds, totalSeconds: durationSeconds });
  return { sampleRate, primingSamples, durationSeconds, cuts: cutPlan.parts.map(({ index, startSample, endSample }) => ({ index, startSample, endSample })) };
}

function measuredOnly(answer: SplitAnswer): Measured {
  if (answer.type !== 'measured') throw new Error(`The splitter answered ${answer.type} where levels were expected.`);
  return answer;
}

function joined(parts: Float32Array[]): Float32Array {
  const levels = new Float32Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    levels.set(part, at);
    at += part.length;
  }
  return levels;
}
