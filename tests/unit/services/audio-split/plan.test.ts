import { describe, expect, it } from 'vitest';
import { planRecording, type Request } from '../../../../electron/core/services/audio-split/plan-recording';
import { type MeasuredAnswer, type SplitAnswer, type SplitRequest, UnsplittableAudioError } from '../../../../electron/core/services/audio-split/protocol';
import type { SplitUpdate } from '../../../../electron/core/services/audio-split/run-request';

// Pass 1 as main runs it, over a stand-in for the splitter's processes: a recording of 4 s at
// 1 kHz (50-sample level windows) announced in four stretches of 1 s. Speech is at -20 dB and
// the only pause, at -80 dB, lies in 2.0–2.5 s, so where the cut lands shows the stretches'
// levels were joined in order.

const RATE = 1_000;
const STARTS = [1_000, 2_000, 3_000];
const SHAPE = { sampleRate: RATE, primingSamples: 7, trailingSamples: 30 };
const OPTIONS = { maxPartSeconds: 3, firstPartSeconds: 2, searchRadiusSeconds: 1, minPauseSeconds: 0.3, minPartSeconds: 0.5 };

interface Call {
  message: SplitRequest;
  signal: AbortSignal;
  onUpdate?: (update: SplitUpdate) => void;
  answer(answer: SplitAnswer | Error): void;
}

/** Requests as the processes would get them; each is answered by the test. */
function processes() {
  const calls: Call[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const request: Request = (message, signal, onUpdate) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      const settle = (finish: () => void) => {
        running--;
        finish();
      };
      signal.addEventListener('abort', () => settle(() => reject(signal.reason)), { once: true });
      calls.push({ message, signal, onUpdate, answer: (answer) => settle(() => (answer instanceof Error ? reject(answer) : resolve(answer))) });
    });
  return { request, calls, mostAtOnce: () => mostAtOnce };
}

/** A stretch's levels, its pause windows quiet, and where its measuring stopped. */
function measured(fromSample: number, toSample: number): MeasuredAnswer {
  const levels = new Float32Array((toSample - fromSample) / 50).fill(-20);
  for (let i = 0; i < levels.length; i++) if (fromSample + i * 50 >= 2_000 && fromSample + i * 50 < 2_500) levels[i] = -80;
  return { type: 'measured', levels, samples: toSample, shape: SHAPE };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pass 1 in stretches (plan-recording.ts)', () => {
  it('measures the stretches two at a time, sums their progress and joins their levels in order', async () => {
    const { request, calls, mostAtOnce } = processes();
    const progress: number[] = [];
    const planned = planRecording(request, '/r/meeting.mp3', OPTIONS, new AbortController().signal, { report: (p) => progress.push(p.doneSeconds) });
    // The first stretch reaches a minimum part past the first cut's window (2 s ± 1 s), and a second more.
    expect(calls.map((call) => call.message)).toEqual([{ type: 'plan', path: '/r/meeting.mp3', fromSample: 0, firstStretchSeconds: 4.5, stretchMaxSeconds: 3 }]);
    calls[0]!.onUpdate!({ type: 'opened', totalSeconds: 4, stretches: STARTS });
    await tick();
    expect(calls.map((call) => call.message)).toEqual([calls[0]!.message, { type: 'measure', path: '/r/meeting.mp3', fromSample: 1_000, toSample: 2_000 }]);
    calls[1]!.onUpdate!({ type: 'progress', progress: { doneSeconds: 0.5, totalSeconds: null } });
    calls[0]!.onUpdate!({ type: 'progress', progress: { doneSeconds: 0.25, totalSeconds: null } });
    calls[1]!.answer(measured(1_000, 2_000));
    await tick();
    calls[2]!.answer(measured(2_000, 3_000));
    await tick();
    // The last stretch runs to the end: its process leaves out the encoder padding itself.
    expect(calls[3]!.message).toEqual({ type: 'measure', path: '/r/meeting.mp3', fromSample: 3_000, toSample: null });
    calls[3]!.answer({ ...measured(3_000, 4_000), samples: 3_970 });
    calls[0]!.answer(measured(0, 1_000));
    const plan = await planned;
    expect(mostAtOnce()).toBe(2);
    // The length is told as soon as it is known (0 of 4 s), then the stretches' sum.
    expect(progress.slice(0, 3)).toEqual([0, 0.5, 0.75]);
    expect(progress.at(-1)).toBe(3.97);
    expect(plan.sampleRate).toBe(RATE);
    expect(plan.primingSamples).toBe(7);
    expect(plan.durationSeconds).toBe(3.97);
    expect(plan.complete).toBe(true);
    expect(plan.cuts).toHaveLength(2);
    expect(plan.cuts[0]!.endSample).toBeGreaterThanOrEqual(2_000);
    expect(plan.cuts[0]!.endSample).toBeLessThanOrEqual(2_500);
    expect(plan.cuts[1]).toMatchObject({ startSample: plan.cuts[0]!.endSample, endSample: 3_970 });
  });

  it('tells each part as soon as its cut is decided, before the later stretches are in', async () => {
    const { request, calls } = processes();
    const told: Array<{ cuts: number; complete: boolean }> = [];
    const options = { ...OPTIONS, firstPartSeconds: 1.2 };
    const planned = planRecording(request, '/r/meeting.mp3', options, new AbortController().signal, { onPlan: (plan) => told.push({ cuts: plan.cuts.length, complete: plan.complete }) });
    calls[0]!.onUpdate!({ type: 'opened', totalSeconds: 4, stretches: STARTS });
    await tick();
    // The second stretch is in before the first: nothing is decided until the first is.
    calls[1]!.answer(measured(1_000, 2_000));
    await tick();
    expect(told).toEqual([]);
    calls[0]!.answer(measured(0, 1_000));
    await tick();
    calls[2]!.answer(measured(2_000, 3_000));
    await tick();
    // 3 s measured: past the first window's end (2.2 s) by a minimum part; the last stretch is still out.
    expect(told).toEqual([{ cuts: 1, complete: false }]);
    calls[3]!.answer({ ...measured(3_000, 4_000), samples: 3_970 });
    const plan = await planned;
    expect(told).toEqual([{ cuts: 1, complete: false }, { cuts: 2, complete: true }]);
    expect(plan.cuts[1]).toMatchObject({ index: 1, endSample: 3_970 });
  });

  it('goes on from a stored plan not complete: its parts stay, and reading starts again at the level window of the last one\'s end', async () => {
    const { request, calls } = processes();
    const known = { sampleRate: RATE, primingSamples: 7, durationSeconds: null, complete: false, cuts: [{ index: 0, startSample: 0, endSample: 1_230 }] };
    const planned = planRecording(request, '/r/meeting.mp3', OPTIONS, new AbortController().signal, { known });
    expect(calls[0]!.message).toEqual({ type: 'plan', path: '/r/meeting.mp3', fromSample: 1_200, firstStretchSeconds: 4.5, stretchMaxSeconds: 3 });
    calls[0]!.onUpdate!({ type: 'opened', totalSeconds: 4, stretches: [] });
    calls[0]!.answer({ ...measured(1_200, 4_000), samples: 3_970 });
    const plan = await planned;
    expect(plan).toEqual({ ...known, durationSeconds: 3.97, complete: true, cuts: [known.cuts[0], { index: 1, startSample: 1_230, endSample: 3_970 }] });
  });

  it('measures a failed stretch once more in a fresh process; failing again, the plan fails with its message and the others stop', async () => {
    const { request, calls } = processes();
    const planned = planRecording(request, '/r/meeting.mp3', OPTIONS, new AbortController().signal);
    calls[0]!.onUpdate!({ type: 'opened', totalSeconds: 4, stretches: STARTS });
    await tick();
    calls[1]!.answer(new Error('The splitter stopped unexpectedly (exit 139).'));
    await tick();
    expect(calls[2]!.message).toEqual(calls[1]!.message);
    calls[2]!.answer(new UnsplittableAudioError('split.no_decodable_audio', { name: 'meeting.mp3' }));
    await expect(planned).rejects.toMatchObject({ code: 'split.no_decodable_audio', values: { name: 'meeting.mp3' } });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it('ends the recording where a stretch ended early (its metadata said longer), leaving out the padding once', async () => {
    const { request, calls } = processes();
    const planned = planRecording(request, '/r/meeting.mp3', OPTIONS, new AbortController().signal);
    calls[0]!.onUpdate!({ type: 'opened', totalSeconds: 4, stretches: STARTS });
    await tick();
    calls[1]!.answer({ ...measured(1_000, 2_000), samples: 1_600 });
    await tick();
    calls[2]!.answer({ ...measured(2_000, 3_000), levels: new Float32Array(0), samples: 2_000 });
    await tick();
    calls[3]!.answer({ ...measured(3_000, 4_000), levels: new Float32Array(0), samples: 3_000 });
    calls[0]!.answer(measured(0, 1_000));
    const plan = await planned;
    expect(plan.durationSeconds).toBe(1.57);
    expect(plan.cuts).toEqual([{ index: 0, startSample: 0, endSample: 1_570 }]);
  });

  it('fails with the first process\'s problem when the recording cannot be opened', async () => {
    const { request, calls } = processes();
    const planned = planRecording(request, '/r/notes.txt', OPTIONS, new AbortController().signal);
    calls[0]!.answer(new UnsplittableAudioError('intake.not_audio', { name: 'notes.txt', accepted: 'mp3' }));
    await expect(planned).rejects.toMatchObject({ code: 'intake.not_audio', values: { name: 'notes.txt', accepted: 'mp3' } });
    await expect(planned).rejects.toBeInstanceOf(UnsplittableAudioError);
    expect(calls).toHaveLength(1);
  });
});
