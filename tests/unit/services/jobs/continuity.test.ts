import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_CHARS, partPrompt, transcriptTail } from '../../../../electron/core/services/jobs/continuity';
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

describe('the prompt of each part', () => {
  it('carries about the last 200 words (tokens) of the previous part', () => {
    expect(transcriptTail(words(500))).toBe(words(200, 301));
    expect(transcriptTail(`  ${words(12)}\n\n`)).toBe(words(12));
    expect(transcriptTail('')).toBe('');
  });

  it("is the user's prompt, then the end of the previous part", () => {
    expect(partPrompt('Names: Ana, Ben.', null)).toBe('Names: Ana, Ben.');
    expect(partPrompt('Names: Ana, Ben.', words(300))).toBe(`Names: Ana, Ben. ${words(200, 101)}`);
    expect(partPrompt('  ', 'So we agreed.')).toBe('So we agreed.');
    expect(partPrompt('', '')).toBe('');
  });

  it("stays within the contract's 4,000 characters by dropping the oldest words, never the user's prompt", () => {
    const user = 'x'.repeat(3950);
    const prompt = partPrompt(user, words(200, 1000));
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    expect(prompt.startsWith(`${user} `)).toBe(true);
    expect(prompt.endsWith('w1199')).toBe(true);
    expect(partPrompt('y'.repeat(4000), 'tail words')).toBe('y'.repeat(4000));
  });
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
  it('follows the pace of the parts done in this run', () => {
    expect(estimateSecondsLeft([], 600)).toBeNull();
    expect(estimateSecondsLeft([{ audioSeconds: 900, elapsedMs: 45_000 }, { audioSeconds: 900, elapsedMs: 45_000 }], 1800)).toBe(90);
  });
});
