/**
 * Where to cut a long recording: near evenly spaced targets, inside pauses found from the
 * levels of the decoded audio, so that no part starts or ends mid-word when a pause is
 * near. Every position is a sample index of the decoded stream; seconds are only derived
 * from it (startSeconds = startSample / sampleRate), so nothing drifts.
 */
import { SILENCE_DB } from './levels';

/** The levels of a whole recording, as the splitter's first pass measured them. */
export interface LevelTrack {
  /** dBFS of each window. */
  levels: Float32Array;
  windowSamples: number;
  sampleRate: number;
  /** Samples of the decoded recording (its true length). */
  totalSamples: number;
}

export interface SplitOptions {
  /** No part is longer: progress and retries keep a useful granularity. */
  maxPartSeconds: number;
  /** The first part's target: short, so the first words come back while the rest is still read. */
  firstPartSeconds: number;
  /** How far from a target a cut may move to find a pause. */
  searchRadiusSeconds: number;
  /** The shortest quiet stretch that counts as a pause. */
  minPauseSeconds: number;
  /** The shortest part a cut may leave. */
  minPartSeconds: number;
}

/** 20-minute parts after a first of about 2, cuts within ±30 s of their target, pauses of 300 ms or more. */
export const DEFAULT_SPLIT: SplitOptions = {
  maxPartSeconds: 20 * 60,
  firstPartSeconds: 120,
  searchRadiusSeconds: 30,
  minPauseSeconds: 0.3,
  minPartSeconds: 60,
};

export interface Pause {
  startSample: number;
  endSample: number;
  /** Mean level of the pause's windows, dBFS. */
  level: number;
}

export interface Cut {
  sample: number;
  /** Where the even split would have cut. */
  targetSample: number;
  /** The pause the cut lies in; null when none was near, and the cut is at the quietest point. */
  pause: Pause | null;
}

export interface PartPlan {
  index: number;
  startSample: number;
  endSample: number;
}

/** The level below which `share` of the windows lie (a 1 dB histogram: linear time, no sort). */
function percentile(levels: Float32Array, share: number): number {
  const bins = new Uint32Array(-SILENCE_DB + 1);
  for (const level of levels) bins[Math.min(bins.length - 1, Math.max(0, Math.round(level - SILENCE_DB)))]!++;
  const wanted = share * levels.length;
  let seen = 0;
  for (let bin = 0; bin < bins.length; bin++) {
    seen += bins[bin]!;
    if (seen >= wanted) return bin + SILENCE_DB;
  }
  return 0;
}

/**
 * The pause threshold, adapted to the recording: halfway (in dB) between its quiet floor
 * (10th percentile) and its speech (90th), but never more than 35 dB below the speech (so
 * a room-noise pause counts even when the file also holds digital silence) and always at
 * least 12 dB below it (so soft speech does not).
 */
export function pauseThreshold(levels: Float32Array): number {
  if (levels.length === 0) return SILENCE_DB;
  const floor = percentile(levels, 0.1);
  const speech = percentile(levels, 0.9);
  return Math.min(speech - 12, Math.max((floor + speech) / 2, speech - 35));
}

/** Runs of at least `minWindows` windows below `threshold`, within windows [from, to). */
export function findPauses(levels: Float32Array, threshold: number, from: number, to: number, minWindows: number): Array<{ start: number; end: number; level: number }> {
  const pauses: Array<{ start: number; end: number; level: number }> = [];
  let start = -1;
  let sum = 0;
  const end = Math.min(to, levels.length);
  for (let i = Math.max(0, from); i <= end; i++) {
    const quiet = i < end && levels[i]! < threshold;
    if (quiet) {
      if (start < 0) {
        start = i;
        sum = 0;
      }
      sum += levels[i]!;
    } else if (start >= 0) {
      if (i - start >= minWindows) pauses.push({ start, end: i, level: sum / (i - start) });
      start = -1;
    }
  }
  return pauses;
}

/**
 * The cut for one target, between `loSample` and `hiSample`: in the middle of the best
 * pause there, where a pause's credit is its length (up to 1 s) less its distance from the
 * target (1 s per search radius), the quieter winning a tie. Without a pause, at the
 * quietest point (the quietest stretch of pause length).
 */
export function chooseCut(track: LevelTrack, threshold: number, loSample: number, hiSample: number, targetSample: number, options: SplitOptions = DEFAULT_SPLIT): Cut {
  const { levels, windowSamples, sampleRate } = track;
  const lo = Math.ceil(loSample / windowSamples);
  const hi = Math.max(lo, Math.floor(hiSample / windowSamples));
  const windowSeconds = windowSamples / sampleRate;
  const minWindows = Math.max(1, Math.round(options.minPauseSeconds / windowSeconds));
  const clampCut = (sample: number) => Math.min(hiSample, Math.max(loSample, Math.round(sample)));

  let best: { start: number; end: number; level: number; credit: number } | null = null;
  for (const pause of findPauses(levels, threshold, lo, hi, minWindows)) {
    const middle = ((pause.start + pause.end) / 2) * windowSamples;
    const length = (pause.end - pause.start) * windowSeconds;
    const distance = Math.abs(middle - targetSample) / sampleRate;
    const credit = Math.min(length, 1) - distance / options.searchRadiusSeconds;
    if (!best || credit > best.credit + 1e-9 || (Math.abs(credit - best.credit) <= 1e-9 && pause.level < best.level)) best = { ...pause, credit };
  }
  if (best) {
    return {
      sample: clampCut(((best.start + best.end) / 2) * windowSamples),
      targetSample,
      pause: { startSample: best.start * windowSamples, endSample: best.end * windowSamples, level: best.level },
    };
  }

  // No pause: the quietest stretch of pause length, by a moving mean of its levels.
  const span = Math.min(minWindows, Math.max(1, hi - lo));
  let sum = 0;
  let quietest = { at: lo, mean: Infinity };
  for (let i = lo; i < Math.min(hi, levels.length); i++) {
    sum += levels[i]!;
    if (i - lo >= span) sum -= levels[i - span]!;
    if (i - lo >= span - 1 && sum / span < quietest.mean) quietest = { at: i - span + 1, mean: sum / span };
  }
  const sample = Number.isFinite(quietest.mean) ? (quietest.at + span / 2) * windowSamples : targetSample;
  return { sample: clampCut(sample), targetSample, pause: null };
}
