import { describe, expect, it } from 'vitest';
import { estimateSecondsLeft } from '../../../../electron/core/services/jobs/estimate';
import { isLooping, partProblem } from '../../../../electron/core/services/jobs/part-check';
import { mergeTranscripts } from '../../../../electron/core/services/transcript-merge/merge';
import type { Transcript } from '../../../../shared/domain/transcript';

const words = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `w${from + i}`).join(' ');

const transcript = (text: string, end = 1): Transcript => ({
  format: 'verbose_json',
  text,
  raw: '',
  language: 'en',
  duration: null,
  segments: [{ id: 0, start: 0, end, text }],
  words: [],
});

describe('part offsets', () => {
  it("come from the sample where each part starts, not from the parts' lengths", () => {
    // Eight 15-minute parts whose encoded files each decode 20 ms long (Opus frames): adding up
    // lengths would put the last part 140 ms late; its first sample does not.
    const starts = Array.from({ length: 8 }, (_, i) => i * 15 * 60 * 22_050 + i * 7);
    const parts = starts.map((start, i) => ({
      startSeconds: start / 22_050,
      transcript: { ...transcript(`p${i}`), words: [{ word: `p${i}`, start: 1.25, end: 1.75 }] },
    }));
    const merged = mergeTranscripts(parts, 8 * 900 + 1, 'verbose_json');
    expect(merged.words.map((w) => w.start)).toEqual(starts.map((start) => Math.round((start / 22_050 + 1.25) * 1e6) / 1e6));
  });
});

describe('a part checked before it is kept', () => {
  it('loops when a run of words comes back four times in a row', () => {
    expect(isLooping('Thank you for watching. '.repeat(6))).toBe(true);
    expect(isLooping(`We met on Monday. ${'and then we went to the office '.repeat(5)}and left.`)).toBe(true);
    expect(isLooping('No, no, no, no, that is not what I said.')).toBe(false);
    expect(isLooping(words(400))).toBe(false);
    expect(isLooping('We agreed. We agreed. We agreed.')).toBe(false);
  });

  it('says why it looks wrong: a loop, or timings past its length', () => {
    expect(partProblem(transcript('The same line again. '.repeat(8)), 60)).toEqual({ code: 'part_check.looped', values: {} });
    expect(partProblem(transcript('Fine words.', 75.04), 60)).toEqual({ code: 'part_check.timings_overrun', values: { end: 75, length: 60 } });
    expect(partProblem(transcript('Fine words.', 60.5), 60)).toBeNull();
  });
});

describe('the time left', () => {
  it('follows the pace at which parts came back in this run', () => {
    expect(estimateSecondsLeft([], 600)).toBeNull();
    expect(estimateSecondsLeft([{ audioSeconds: 900, elapsedMs: 45_000 }, { audioSeconds: 900, elapsedMs: 45_000 }], 1800)).toBe(90);
    // Three parts in flight, each 60 s at the service, back 20 s apart: the pace is one part per 20 s, not per 60 s.
    expect(estimateSecondsLeft([{ audioSeconds: 900, elapsedMs: 60_000 }, { audioSeconds: 900, elapsedMs: 20_000 }, { audioSeconds: 900, elapsedMs: 20_000 }], 1800)).toBe(67);
  });
});
