import { describe, expect, it } from 'vitest';
import { type Stretch, StretchCutter } from '../../../../electron/core/services/live-captions/stretch-cutter';
import { seconds, track } from '../../../support/speech-pcm';

const RATE = 16_000;

function cut(samples: Int16Array): Stretch[] {
  const cutter = new StretchCutter();
  const stretches: Stretch[] = [];
  for (const { block, at } of seconds(samples)) stretches.push(...cutter.push(block, at));
  return stretches;
}

const span = (stretch: Stretch) => [stretch.startFrame / RATE, stretch.endFrame / RATE];
const loudSamples = (stretch: Stretch) => stretch.samples.filter((sample) => Math.abs(sample) > 100).length;

describe('StretchCutter', () => {
  it('cuts speech at its pauses and sends none of the quiet between', () => {
    const stretches = cut(track({ quiet: 2 }, { speech: 3 }, { quiet: 1.5 }, { speech: 2 }, { quiet: 3, level: 0.0005 }, { speech: 1 }, { quiet: 1 }));
    expect(stretches).toHaveLength(3);
    const [first, second, third] = stretches.map(span);
    // Each starts at most 0.2 s before its speech and ends at most 0.25 s after it: the quiet between is never sent.
    expect(first![0]).toBeGreaterThanOrEqual(1.8);
    expect(first![1]).toBeLessThanOrEqual(5.25 + 1e-9);
    expect(second![0]).toBeGreaterThanOrEqual(6.3);
    expect(second![1]).toBeLessThanOrEqual(8.75 + 1e-9);
    expect(third![0]).toBeGreaterThanOrEqual(11.3);
    expect(third![1]).toBeLessThanOrEqual(12.75 + 1e-9);
    // And each holds the whole of its speech.
    expect(first![0]).toBeLessThanOrEqual(2);
    expect(first![1]).toBeGreaterThanOrEqual(5);
    expect(second![1]).toBeGreaterThanOrEqual(8.5);
    expect(third![1]).toBeGreaterThanOrEqual(12.5);
    for (const stretch of stretches) expect(stretch.samples.length).toBe(stretch.endFrame - stretch.startFrame);
  });

  it('sends nothing for silence or a faint room', () => {
    expect(cut(track({ quiet: 20 }))).toEqual([]);
    expect(cut(track({ quiet: 20, level: 0.001 }))).toEqual([]);
  });

  it('cuts speech without a long pause at 12 s at most, in a short dip near the end when there is one', () => {
    const stretches = cut(track({ speech: 10.6 }, { quiet: 0.2 }, { speech: 20 }, { quiet: 1 }));
    for (const stretch of stretches) expect(stretch.endFrame - stretch.startFrame).toBeLessThanOrEqual(12 * RATE);
    const [first] = stretches.map(span);
    expect(first![1]).toBeGreaterThanOrEqual(10.6);
    expect(first![1]).toBeLessThanOrEqual(10.8);
    // One after another, with nothing of the speech left out.
    for (let i = 1; i < stretches.length; i++) expect(stretches[i]!.startFrame).toBe(stretches[i - 1]!.endFrame);
    // The last ends 0.25 s into the pause after the speech.
    expect(stretches.at(-1)!.endFrame).toBe(Math.round(31.05 * RATE));
  });

  it('cuts endless speech into stretches of at most 12 s', () => {
    const stretches = cut(track({ speech: 40 }, { quiet: 1 }));
    expect(stretches.length).toBeGreaterThanOrEqual(4);
    for (const stretch of stretches) {
      expect(stretch.endFrame - stretch.startFrame).toBeLessThanOrEqual(12 * RATE);
      expect(loudSamples(stretch)).toBeGreaterThan(0);
    }
  });

  it('holds a stretch until its pause comes', () => {
    const cutter = new StretchCutter();
    const samples = track({ quiet: 1 }, { speech: 2 });
    const [first, second, third] = [...seconds(samples)].map(({ block, at }) => cutter.push(block, at));
    expect([first, second, third]).toEqual([[], [], []]);
    const [last] = cutter.push(new Int16Array(RATE), 3 * RATE);
    expect(span(last!)).toEqual([0.8, 3.25]);
  });

  it('hears the same stretches whatever the block size', () => {
    const samples = track({ speech: 3 }, { quiet: 1 }, { speech: 14 }, { quiet: 1 });
    const cutter = new StretchCutter();
    const odd: Stretch[] = [];
    for (let at = 0; at < samples.length; at += 1234) odd.push(...cutter.push(samples.subarray(at, at + 1234), at));
    expect(odd.map(span)).toEqual(cut(samples).map(span));
  });
});
