import { describe, expect, it } from 'vitest';
import { CutPlanner } from '../../../../electron/core/services/audio-split/cut-planner';
import { DEFAULT_SPLIT, type LevelTrack, chooseCut, findPauses, pauseThreshold } from '../../../../electron/core/services/audio-split/cut-points';
import { LEVEL_WINDOW_SECONDS, LevelMeter, SILENCE_DB } from '../../../../electron/core/services/audio-split/levels';

// The splitter's cut points on synthetic level arrays: 50 ms windows at 16 kHz, speech at
// -20 dBFS, pauses at a room's -60 dBFS unless a test says otherwise.

const RATE = 16_000;
const WINDOW = RATE * LEVEL_WINDOW_SECONDS;

interface Stretch {
  start: number;
  end: number;
  level: number;
}

/** Levels of `seconds` of speech with the given quieter stretches. */
function track(seconds: number, stretches: Stretch[], speech = -20): LevelTrack {
  const levels = new Float32Array(Math.ceil(seconds / LEVEL_WINDOW_SECONDS)).fill(speech);
  // A little texture, so speech is not one flat level.
  for (let i = 0; i < levels.length; i++) levels[i]! += ((i * 7919) % 11) - 5;
  for (const { start, end, level } of stretches) {
    levels.fill(level, Math.round(start / LEVEL_WINDOW_SECONDS), Math.round(end / LEVEL_WINDOW_SECONDS));
  }
  return { levels, windowSamples: WINDOW, sampleRate: RATE, totalSamples: Math.round(seconds * RATE) };
}

/** A meeting: a pause of 0.8–2 s after every 6–14 s of speech. */
function meeting(seconds: number): { track: LevelTrack; pauses: Stretch[] } {
  const pauses: Stretch[] = [];
  let at = 5;
  for (let n = 0; at < seconds - 5; n++) {
    const length = 0.8 + ((n * 37) % 13) / 10;
    pauses.push({ start: at, end: at + length, level: -60 });
    at += length + 6 + ((n * 53) % 9);
  }
  return { track: track(seconds, pauses), pauses };
}

const seconds = (sample: number) => sample / RATE;

/** The parts of a recording whose levels are all in at once. */
function planWhole(recording: LevelTrack) {
  const planner = new CutPlanner(RATE, WINDOW, DEFAULT_SPLIT);
  return [...planner.add(recording.levels.subarray(0, Math.floor(recording.totalSamples / WINDOW))), ...planner.end(recording.totalSamples)];
}

describe('cut points of a long recording', () => {
  it('plans an hour as it is read: a short first part, then parts of at most 20 minutes, every cut in the middle of a pause', () => {
    const { track: hour, pauses } = meeting(3600);
    const parts = planWhole(hour);
    expect(parts.map((part) => Math.round(seconds(part.endSample - part.startSample) / 60))).toEqual([2, 20, 20, 19]);
    // Contiguous, from the first sample to the last.
    expect(parts[0]!.startSample).toBe(0);
    expect(parts.at(-1)!.endSample).toBe(hour.totalSamples);
    for (let i = 1; i < parts.length; i++) expect(parts[i]!.startSample).toBe(parts[i - 1]!.endSample);
    for (const part of parts) expect(seconds(part.endSample - part.startSample)).toBeLessThanOrEqual(DEFAULT_SPLIT.maxPartSeconds);
    for (const { cut } of parts.slice(0, -1)) {
      expect(cut!.pause).not.toBeNull();
      const at = seconds(cut!.sample);
      const pause = pauses.find((p) => p.start <= at && at <= p.end);
      expect(pause, `cut at ${at} s`).toBeDefined();
      expect(Math.abs(at - (pause!.start + pause!.end) / 2)).toBeLessThanOrEqual(LEVEL_WINDOW_SECONDS);
      expect(Math.abs(cut!.sample - cut!.targetSample)).toBeLessThanOrEqual(DEFAULT_SPLIT.searchRadiusSeconds * RATE);
    }
    expect(parts.at(-1)!.cut).toBeNull();
  });

  it('decides the same cuts whichever way the levels arrive, each as soon as the audio a minimum part past its window is in', () => {
    const { track: hour } = meeting(3600);
    const whole = planWhole(hour);
    const levels = hour.levels.subarray(0, Math.floor(hour.totalSamples / WINDOW));
    for (const sizes of [[1], [977, 13], [Math.round(211 / LEVEL_WINDOW_SECONDS), 24_000]]) {
      const planner = new CutPlanner(RATE, WINDOW, DEFAULT_SPLIT);
      // Each part with the audio measured before the levels that decided it came.
      const decided: Array<{ index: number; beforeSeconds: number }> = [];
      const parts = [];
      for (let at = 0, n = 0; at < levels.length; n++) {
        const size = sizes[Math.min(n, sizes.length - 1)]!;
        for (const part of planner.add(levels.subarray(at, at + size))) {
          parts.push(part);
          decided.push({ index: part.index, beforeSeconds: at * LEVEL_WINDOW_SECONDS });
        }
        at += size;
      }
      parts.push(...planner.end(hour.totalSamples));
      expect(parts).toEqual(whole);
      // Every cut came before the end, the first once 3.5 minutes were in (2 + 0.5 + a minimum part), each later one 21 minutes after its part's start.
      expect(decided.map((d) => d.index)).toEqual([0, 1, 2]);
      expect(decided[0]!.beforeSeconds).toBeLessThanOrEqual(210);
      for (const { index, beforeSeconds } of decided.slice(1)) expect(beforeSeconds).toBeLessThanOrEqual(seconds(whole[index]!.startSample) + 21 * 60 + LEVEL_WINDOW_SECONDS);
    }
  });

  it('goes on after a stored part with the same cuts as a plan made at once', () => {
    const { track: three } = meeting(3 * 3600);
    const whole = planWhole(three);
    for (const stored of [1, 4, whole.length - 1]) {
      const start = whole[stored]!.startSample;
      const planner = new CutPlanner(RATE, WINDOW, DEFAULT_SPLIT, { index: stored, startSample: start });
      const from = planner.baseSample / WINDOW;
      expect(planner.baseSample % WINDOW).toBe(0);
      const rest = [...planner.add(three.levels.subarray(from, Math.floor(three.totalSamples / WINDOW))), ...planner.end(three.totalSamples)];
      expect(rest).toEqual(whole.slice(stored));
    }
  });

  it('keeps every part of any length within the maximum and above the minimum, the last one what remains', () => {
    for (let length = 150; length <= 50 * 60; length += 37) {
      const { track: recording } = meeting(length);
      const parts = planWhole(recording);
      expect(parts.at(-1)!.endSample).toBe(recording.totalSamples);
      for (const part of parts) {
        const partSeconds = seconds(part.endSample - part.startSample);
        expect(partSeconds, `a part of a ${length} s recording`).toBeLessThanOrEqual(DEFAULT_SPLIT.maxPartSeconds);
        if (parts.length > 1) expect(partSeconds, `a part of a ${length} s recording`).toBeGreaterThanOrEqual(DEFAULT_SPLIT.minPartSeconds);
      }
    }
    // Three and a half minutes or less stay whole; just over it, the first part comes first.
    expect(planWhole(meeting(200).track)).toHaveLength(1);
    expect(planWhole(meeting(215).track)).toHaveLength(2);
  });

  it('prefers a clear pause a few seconds away to a short one at the target, and ignores dips shorter than 300 ms', () => {
    const target = 600;
    const levels = track(1200, [
      { start: target - 0.1, end: target + 0.15, level: -65 }, // 250 ms: a gap between words
      { start: target + 2, end: target + 2.4, level: -60 }, // 400 ms, 2 s away
      { start: target + 8, end: target + 9.5, level: -60 }, // 1.5 s, 8 s away
    ]);
    const threshold = pauseThreshold(levels.levels);
    const cut = chooseCut(levels, threshold, (target - 30) * RATE, (target + 30) * RATE, target * RATE);
    expect(seconds(cut.sample)).toBeCloseTo(target + 8.75, 1);
    expect(seconds(cut.pause!.startSample)).toBeCloseTo(target + 8, 1);
    expect(seconds(cut.pause!.endSample)).toBeCloseTo(target + 9.5, 1);

    // Without the long one, the 400 ms pause is taken; a pause 29 s away loses to one near.
    const near = track(1200, [
      { start: target + 2, end: target + 2.4, level: -60 },
      { start: target - 29, end: target - 27.5, level: -60 },
    ]);
    expect(seconds(chooseCut(near, pauseThreshold(near.levels), (target - 30) * RATE, (target + 30) * RATE, target * RATE).sample)).toBeCloseTo(target + 2.2, 1);
  });

  it('cuts at the quietest moment when no pause lies within 30 s, and says so', () => {
    const target = 900;
    // Continuous speech; the softest 300 ms (still speech, above the threshold) is 12 s after the target.
    const levels = track(1800, [
      { start: target + 12, end: target + 12.3, level: -27 },
      { start: target + 45, end: target + 47, level: -60 }, // a real pause, but out of reach
    ]);
    const threshold = pauseThreshold(levels.levels);
    expect(threshold).toBeLessThan(-27);
    const cut = chooseCut(levels, threshold, (target - 30) * RATE, (target + 30) * RATE, target * RATE);
    expect(cut.pause).toBeNull();
    expect(seconds(cut.sample)).toBeCloseTo(target + 12.15, 1);
  });

  it('plans a three-hour recording in eleven parts, every cut in a pause', () => {
    const three = planWhole(meeting(3 * 3600).track);
    expect(three).toHaveLength(11);
    expect(three.slice(0, -1).every((part) => part.cut?.pause)).toBe(true);
    expect(three.at(-1)!.endSample).toBe(3 * 3600 * RATE);
    for (const part of three) expect(seconds(part.endSample - part.startSample)).toBeLessThanOrEqual(20 * 60);
  });

  it('adapts the pause threshold to the recording', () => {
    // A clean recording with digital silence in it still finds room-noise pauses (at most 35 dB under speech).
    const clean = track(600, [
      { start: 0, end: 90, level: SILENCE_DB },
      { start: 300, end: 301, level: -60 },
    ]);
    const cleanThreshold = pauseThreshold(clean.levels);
    expect(cleanThreshold).toBeGreaterThan(-60);
    expect(findPauses(clean.levels, cleanThreshold, 5000, 7000, 6)).toHaveLength(1);
    // A noisy room: pauses at -40, speech at -20; the threshold sits between them.
    const noisy = meeting(600);
    for (const p of noisy.pauses) p.level = -40;
    const noisyTrack = track(600, noisy.pauses);
    const noisyThreshold = pauseThreshold(noisyTrack.levels);
    expect(noisyThreshold).toBeGreaterThan(-40);
    expect(noisyThreshold).toBeLessThan(-25);
    expect(findPauses(noisyTrack.levels, noisyThreshold, 0, noisyTrack.levels.length, 6)).toHaveLength(noisy.pauses.length);
  });
});

describe('levels of decoded audio', () => {
  it('measures each 50 ms window in dBFS and counts samples, however the samples arrive', () => {
    const sine = Float32Array.from({ length: RATE }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE));
    const whole = new LevelMeter(RATE);
    whole.push(sine);
    whole.pushSilence(RATE / 2);
    const pieces = new LevelMeter(RATE);
    for (let i = 0; i < sine.length; i += 333) pieces.push(sine.subarray(i, i + 333));
    pieces.pushSilence(RATE / 2);
    expect(whole.samples).toBe(RATE * 1.5);
    const levels = whole.finish();
    expect(levels).toHaveLength(30);
    expect([...pieces.finish()]).toEqual([...levels]);
    // A full-scale sine is -3 dBFS; silence is the floor.
    for (const level of levels.subarray(0, 20)) expect(level).toBeCloseTo(-3.01, 1);
    for (const level of levels.subarray(20)) expect(level).toBe(SILENCE_DB);
  });

  it('keeps the last partial window, and needs 288 KB for an hour', () => {
    const meter = new LevelMeter(RATE);
    meter.push(new Float32Array(WINDOW * 2 + 10).fill(0.5));
    expect(meter.finish()).toHaveLength(3);
    expect((3600 / LEVEL_WINDOW_SECONDS) * Float32Array.BYTES_PER_ELEMENT).toBe(288_000);
  });
});
