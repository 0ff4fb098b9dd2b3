import { describe, expect, it } from 'vitest';
import { mergeTranscripts } from '../../electron/services/transcription/merge';
import type { Transcript } from '../../shared/domain/transcript';
import { PROMPT_MAX_CHARS, mergeParts, partPrompt, partStartSeconds, transcriptTail } from '../../renderer/transcription/long/continuity';
import { id3v2Length, lamePadding } from '../../renderer/transcription/long/mp3-priming';

const words = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `w${from + i}`).join(' ');

describe('the prompt of each part', () => {
  it('carries about the last 200 words (tokens) of the previous part', () => {
    expect(transcriptTail(words(500))).toBe(words(200, 301));
    expect(transcriptTail(`  ${words(12)}\n\n`)).toBe(words(12));
    expect(transcriptTail('')).toBe('');
  });

  it('is the user\'s prompt, then the end of the previous part', () => {
    expect(partPrompt('Names: Ana, Ben.', null)).toBe('Names: Ana, Ben.');
    expect(partPrompt('Names: Ana, Ben.', words(300))).toBe(`Names: Ana, Ben. ${words(200, 101)}`);
    expect(partPrompt('  ', 'So we agreed.')).toBe('So we agreed.');
    expect(partPrompt('', '')).toBe('');
  });

  it('stays within the contract\'s 4,000 characters by dropping the oldest words, never the user\'s prompt', () => {
    const user = 'x'.repeat(3950);
    const prompt = partPrompt(user, words(200, 1000));
    expect(prompt.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    expect(prompt.startsWith(`${user} `)).toBe(true);
    expect(prompt.endsWith('w1199')).toBe(true);
    expect(partPrompt('y'.repeat(4000), 'tail words')).toBe('y'.repeat(4000));
  });
});

describe('part offsets', () => {
  const part = (word: string, start: number): Transcript => ({
    format: 'verbose_json',
    text: word,
    raw: '',
    language: 'en',
    duration: null,
    segments: [{ id: 0, start, end: start + 0.5, text: word }],
    words: [{ word, start, end: start + 0.5 }],
  });

  it('come from the sample where each part starts, not from the parts\' lengths', () => {
    expect(partStartSeconds(14_400_123, 16_000)).toBe(900.0076875);
    // Eight 15-minute parts whose encoded files each decode 20 ms long (Opus frames):
    // adding up lengths would put the last part 140 ms late; its first sample does not.
    const starts = Array.from({ length: 8 }, (_, i) => i * 15 * 60 * 22_050 + i * 7);
    const decodedLengths = starts.map((start, i) => ((starts[i + 1] ?? start + 900 * 22_050) - start) / 22_050 + 0.02);
    const byLength = decodedLengths.slice(0, 7).reduce((a, b) => a + b, 0);
    const merged = mergeParts(
      starts.map((startSample, i) => ({ startSample, transcript: part(`p${i}`, 1.25) })),
      22_050,
    );
    expect(merged.at(-1)!.startSeconds).toBe(starts.at(-1)! / 22_050);
    expect(byLength - merged.at(-1)!.startSeconds).toBeCloseTo(0.14, 6);

    // Through main's merge: every time is the part's true start plus the time within the part.
    const transcript = mergeTranscripts(merged, 8 * 900 + 1, 'verbose_json');
    expect(transcript.words.map((w) => w.start)).toEqual(starts.map((start) => Math.round((start / 22_050 + 1.25) * 1e6) / 1e6));
  });
});

describe('MP3 padding', () => {
  /** The first frame of a LAME MP3: MPEG-1 layer III, mono, with its Info and LAME tags. */
  function lameFrame(delay: number, padding: number): Uint8Array {
    const frame = new Uint8Array(417);
    frame.set([0xff, 0xfb, 0x90, 0xc4]);
    const tag = 4 + 17;
    frame.set([...'Info'].map((c) => c.charCodeAt(0)), tag);
    frame.set([0, 0, 0, 0x0f], tag + 4); // frames, bytes, table of contents and quality present
    const lame = tag + 8 + 4 + 4 + 100 + 4;
    frame.set([...'LAME3.100'].map((c) => c.charCodeAt(0)), lame);
    frame.set([delay >> 4, ((delay & 0x0f) << 4) | (padding >> 8), padding & 0xff], lame + 21);
    return frame;
  }

  it('is the encoder delay of the LAME tag plus the decoder\'s 529 samples at the start, and the end padding less them at the end', () => {
    expect(lamePadding(lameFrame(576, 1234))).toEqual({ start: 1105, end: 705 });
    expect(lamePadding(lameFrame(1105, 100))).toEqual({ start: 1634, end: 0 });
  });

  it('is none without a LAME tag', () => {
    const plain = lameFrame(576, 0);
    plain.set([0, 0, 0, 0], 21);
    expect(lamePadding(plain)).toEqual({ start: 0, end: 0 });
    expect(lamePadding(new Uint8Array([0x49, 0x44, 0x33]))).toEqual({ start: 0, end: 0 });
  });

  it('skips an ID3v2 tag', () => {
    expect(id3v2Length(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x02, 0x01]))).toBe(10 + 257);
    expect(id3v2Length(new Uint8Array([0xff, 0xfb, 0x90, 0xc4, 0, 0, 0, 0, 0, 0]))).toBe(0);
  });
});
