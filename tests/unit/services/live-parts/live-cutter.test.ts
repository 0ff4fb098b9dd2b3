import { describe, expect, it } from 'vitest';
import type { SplitCut } from '../../../../electron/core/services/audio-split';
import { createLiveCutter } from '../../../../electron/core/services/live-parts/live-cutter';
import { speech } from '../../../support/live-audio';

const RATE = 16_000;

/** Feeds the tracks to a cutter in chunks of the given sizes (frames, cycled), and answers every cut with when it came. */
function cut(tracks: Buffer[], chunkFrames: number[], finish = true) {
  const cuts: Array<SplitCut & { heardFrames: number }> = [];
  let heard = 0;
  const cutter = createLiveCutter(RATE, { targetSeconds: 10, searchRadiusSeconds: 2 }, (made) => cuts.push({ ...made, heardFrames: heard }));
  const frames = tracks[0]!.byteLength / 2;
  for (let at = 0, n = 0; at < frames; n++) {
    const count = Math.min(chunkFrames[n % chunkFrames.length]!, frames - at);
    heard = at + count;
    cutter.heard(tracks.map((track) => track.subarray(at * 2, (at + count) * 2)));
    at += count;
  }
  if (finish) cutter.finish();
  return cuts;
}

// Pauses near each 10 s target (and one far from any, which must not be chosen).
const PAUSES: Array<[number, number]> = [
  [4.8, 5.4],
  [9.3, 9.8],
  [20.6, 21.1],
  [31, 31.5],
];

describe('the live cutter', () => {
  it('cuts in the pause near each target as the audio grows, sample-true, and the rest is the last part', () => {
    const cuts = cut([speech(40, PAUSES)], [RATE]);
    // Each part ends inside the pause near its target (never the one at 5 s), on a whole sample, and the next starts there.
    const inside = [PAUSES[1]!, PAUSES[2]!, PAUSES[3]!];
    cuts.slice(0, 3).forEach((made, n) => {
      expect(Number.isInteger(made.endSample)).toBe(true);
      expect(made.endSample / RATE).toBeGreaterThan(inside[n]![0]);
      expect(made.endSample / RATE).toBeLessThan(inside[n]![1]);
      expect(cuts[n + 1]!.startSample).toBe(made.endSample);
    });
    expect(cuts.map(({ index }) => index)).toEqual([0, 1, 2, 3]);
    expect([cuts[0]!.startSample, cuts[3]!.endSample]).toEqual([0, 40 * RATE]);
    // Each part is decided as soon as the audio up to its target and radius is in, not at the end.
    expect(cuts.map((c) => c.heardFrames / RATE)).toEqual([12, 22, 33, 40]);
  });

  it('makes the same cuts however the audio arrives, and from the mix of the tracks', () => {
    const mic = speech(40, PAUSES);
    const whole = cut([mic], [RATE]);
    expect(cut([mic], [1234, 777, 16_001])).toEqual(expect.objectContaining({ length: whole.length }));
    const strip = (cuts: SplitCut[]) => cuts.map(({ index, startSample, endSample }) => ({ index, startSample, endSample }));
    expect(strip(cut([mic], [1234, 777, 16_001]))).toEqual(strip(whole));
    expect(strip(cut([mic], [40 * RATE]))).toEqual(strip(whole));
    // The other side talks through the mic's pause at 9.3 s: the mix is not quiet there, so the cut moves to where both are.
    const system = speech(40, [[0, 9], [9.9, 40]], 8000);
    const both = strip(cut([mic, system], [RATE]));
    expect(both[0]!.endSample).not.toBe(9.55 * RATE);
    expect(both[0]!.endSample).toBeGreaterThanOrEqual(8 * RATE);
    expect(both[0]!.endSample).toBeLessThanOrEqual(12 * RATE);
  });

  it('cuts nothing before the audio reaches a target and its radius; Stop then gives the whole as one part', () => {
    const early = cut([speech(11, PAUSES)], [RATE], false);
    expect(early).toEqual([]);
    expect(cut([speech(11, PAUSES)], [RATE]).map(({ startSample, endSample }) => [startSample, endSample])).toEqual([[0, 11 * RATE]]);
  });
});
