/**
 * Pass 1, run by main: the recording decoded once and measured into levels, and the parts
 * planned from them as they arrive (cut-planner.ts), each told as soon as it is decided, so the
 * job makes and sends it while the rest is read. Decoding and measuring take one core's time,
 * and a process's memory grows with how much it decodes, so a recording long enough for it is
 * measured in stretches (measure-requests.ts says where they start: a short first one, then none
 * longer than a part), a process each, two at a time. Stretches meet on a level window's edge, so
 * the levels are those of one pass (measured: identical for MP3 and WAV; AAC within 0.4 dB in
 * quiet windows, the decoder restarting), and a stretch's levels go to the planner once those
 * before it have. A stretch after the first that fails is measured once more by a fresh process;
 * the first failing fails the plan (its job offers Retry). A plan resumed keeps its parts and is
 * measured again from its last part's end (from the level window it lies in).
 */
import { basename } from 'node:path';
import { Problem } from '../../../../shared/domain/problem';
import { CutPlanner } from './cut-planner';
import type { SplitOptions } from './cut-points';
import { LevelMeter } from './levels';
import type { MeasuredAnswer as Measured, SplitAnswer, SplitRequest } from './protocol';
import type { RequestRunner } from './run-request';
import type { SplitPlan, SplitProgress } from './types';

type Opened = Extract<SplitAnswer, { type: 'opened' }>;
/** A request in a process of its own, as run-request.ts runs it; rejects with the process's failure (index.ts). */
export type Request = RequestRunner['run'];

/** Processes measuring at once: one per core of a two-core machine. */
const STRETCHES_AT_ONCE = 2;

export interface PlanEvents {
  /** A plan not complete, stored before: its parts stay as they are. */
  known?: SplitPlan | null;
  /** The plan each time parts are added to it. */
  onPlan?: (plan: SplitPlan) => void;
  report?: (progress: SplitProgress) => void;
}

export async function planRecording(request: Request, path: string, options: SplitOptions, signal: AbortSignal, events: PlanEvents = {}): Promise<SplitPlan> {
  const { known, onPlan, report } = events;
  if (known?.complete) return known;
  const resumed = known && known.cuts.length > 0 ? known : null;
  const startSample = resumed ? resumed.cuts.at(-1)!.endSample : 0;
  const fromSample = resumed ? startSample - (startSample % new LevelMeter(resumed.sampleRate).windowSamples) : 0;
  // Every stretch ends with the plan, whichever way the plan ends.
  const stretches = new AbortController();
  const stop = () => stretches.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let totalSeconds: number | null = null;
  const done: number[] = [];
  const offset = resumed ? fromSample / resumed.sampleRate : 0;
  const measure = (message: SplitRequest, stretch: number, onOpened?: (opened: Opened) => void) =>
    request(message, stretches.signal, (update) => {
      if (update.type === 'opened') return onOpened?.(update);
      done[stretch] = update.progress.doneSeconds;
      report?.({ doneSeconds: offset + done.reduce((sum, seconds) => sum + seconds, 0), totalSeconds });
    }).then(measuredOnly);
  try {
    let announced: (opened: Opened) => void = () => undefined;
    const opened = new Promise<Opened>((resolve) => (announced = resolve));
    const message: SplitRequest = { type: 'plan', path, fromSample, firstStretchSeconds: firstStretchSeconds(options, resumed), stretchMaxSeconds: options.maxPartSeconds };
    const first = measure(message, 0, (update) => {
      totalSeconds = update.totalSeconds;
      // The length is news at once: the page can show a bar before the first stretch reports.
      report?.({ doneSeconds: offset, totalSeconds });
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
    const planning = plannerOf({ path, options, fromSample, starts, resumed, onPlan });
    const joining = (result: Promise<Measured>, stretch: number) => {
      const joined = result.then((measured) => planning.measured(stretch, measured)).catch(failing);
      // Handled here at once: Promise.all below reads the outcome only once every stretch has ended.
      joined.catch(() => undefined);
      return joined;
    };
    const results = [joining(first, 0)];
    await measureRest(starts, first, (from, to, stretch) => {
      const again: SplitRequest = { type: 'measure', path, fromSample: from, toSample: to };
      const result = measure(again, stretch).catch(() => measure(again, stretch));
      results.push(joining(result, stretch));
      return result;
    });
    await Promise.all(results);
    const plan = planning.plan();
    report?.({ doneSeconds: plan.durationSeconds!, totalSeconds: plan.durationSeconds });
    // Cancelled as the last progress came: the plan is not wanted.
    signal.throwIfAborted();
    return plan;
  } finally {
    signal.removeEventListener('abort', stop);
    stretches.abort();
  }
}

/** The first stretch reaches a minimum part past the first cut's window, so that cut is decided as soon as it ends. */
function firstStretchSeconds(options: SplitOptions, resumed: SplitPlan | null): number {
  const reach = resumed ? options.maxPartSeconds : Math.min(options.firstPartSeconds, options.maxPartSeconds - options.searchRadiusSeconds) + options.searchRadiusSeconds;
  return reach + options.minPartSeconds + 1;
}

/** The stretches after the first, started as processes come free (the first's included); settles once each has. */
async function measureRest(starts: number[], first: Promise<Measured>, measure: (fromSample: number, toSample: number | null, stretch: number) => Promise<Measured>): Promise<void> {
  let next = 0;
  const slot = async (after?: Promise<unknown>) => {
    await after?.catch(() => undefined);
    for (let index = next++; index < starts.length; index = next++) await measure(starts[index]!, starts[index + 1] ?? null, index + 1).catch(() => undefined);
  };
  await Promise.all([slot(first), ...Array.from({ length: STRETCHES_AT_ONCE - 1 }, () => slot())]);
}

interface PlannerInput {
  path: string;
  options: SplitOptions;
  fromSample: number;
  starts: number[];
  resumed: SplitPlan | null;
  onPlan?: (plan: SplitPlan) => void;
}

/** The planner fed the stretches' levels in order, as they come; the plan told as it grows. */
function plannerOf({ path, options, fromSample, starts, resumed, onPlan }: PlannerInput) {
  const bounds = [fromSample, ...starts];
  const waiting: Measured[] = [];
  let fed = 0;
  let planner: CutPlanner | null = null;
  let plan: SplitPlan | null = resumed && { ...resumed, cuts: [...resumed.cuts] };

  /** One stretch's levels, in order; true once the recording's end is in. */
  function take(stretch: Measured, from: number, end: number | undefined): boolean {
    const { sampleRate, primingSamples, trailingSamples } = stretch.shape;
    if (resumed && sampleRate !== resumed.sampleRate) throw new Problem('split.changed');
    const { windowSamples } = new LevelMeter(sampleRate);
    planner ??= new CutPlanner(sampleRate, windowSamples, options, resumed ? { index: resumed.cuts.length, startSample: resumed.cuts.at(-1)!.endSample } : undefined);
    plan ??= { sampleRate, primingSamples, durationSeconds: null, complete: false, cuts: [] };
    // The last stretch, or one the recording ended in (its metadata said longer): the recording's end.
    const total = end === undefined ? stretch.samples : stretch.samples < end ? Math.max(from, stretch.samples - trailingSamples) : null;
    if (total === 0) throw new Problem('split.no_decodable_audio', { name: basename(path) });
    const levels = total === null ? stretch.levels : stretch.levels.subarray(0, Math.max(0, Math.floor((total - from) / windowSamples)));
    const parts = planner.add(levels);
    if (total !== null) parts.push(...planner.end(total));
    plan.cuts.push(...parts.map(({ index, startSample, endSample }) => ({ index, startSample, endSample })));
    if (total !== null) Object.assign(plan, { complete: true, durationSeconds: total / sampleRate });
    if (parts.length) onPlan?.({ ...plan, cuts: [...plan.cuts] });
    return total !== null;
  }

  return {
    measured(stretch: number, measured: Measured) {
      waiting[stretch] = measured;
      for (; waiting[fed] && !plan?.complete; fed++) if (take(waiting[fed]!, bounds[fed]!, bounds[fed + 1])) break;
    },
    plan(): SplitPlan {
      if (!plan?.complete) throw new Error('The recording was not measured to its end.');
      return plan;
    },
  };
}

function measuredOnly(answer: SplitAnswer): Measured {
  if (answer.type !== 'measured') throw new Error(`The splitter answered ${answer.type} where levels were expected.`);
  return answer;
}
