import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../shared/domain/transcript';
import { mergeTranscripts } from '../../../../electron/core/services/transcript-merge/merge';

const part = (text: string, words: [string, number, number][], language: string | null = 'en'): Transcript => ({
  format: 'verbose_json',
  text,
  raw: '',
  language,
  duration: null,
  segments: [{ id: 0, start: words[0]![1], end: words.at(-1)![2], text }],
  words: words.map(([word, start, end]) => ({ word, start, end })),
});

describe('merging a long recording\'s parts', () => {
  it('offsets every time by the part\'s true start and keeps the text in order', () => {
    const merged = mergeTranscripts(
      [
        { startSeconds: 1203.4625, transcript: part('second part', [['second', 0.5, 0.9], ['part', 1.0, 1.4]], null) },
        { startSeconds: 0, transcript: part('first part', [['first', 0.2, 0.6], ['part', 0.7, 1.1]]) },
      ],
      2400,
      'verbose_json',
    );
    expect(merged.text).toBe('first part second part');
    expect(merged.language).toBe('en');
    expect(merged.words.map((w) => [w.word, w.start, w.end])).toEqual([
      ['first', 0.2, 0.6],
      ['part', 0.7, 1.1],
      ['second', 1203.9625, 1204.3625],
      ['part', 1204.4625, 1204.8625],
    ]);
    expect(merged.segments.map((s) => [s.id, s.start])).toEqual([
      [0, 0.2],
      [1, 1203.9625],
    ]);
    expect(JSON.parse(merged.raw)).toMatchObject({ duration: 2400, text: 'first part second part' });
  });

  it('keeps times monotonic and within the audio when parts overlap or run long', () => {
    const merged = mergeTranscripts(
      [
        { startSeconds: 0, transcript: part('a b', [['a', 0, 1], ['b', 9, 10.5]]) },
        { startSeconds: 10, transcript: part('c d', [['c', -0.5, 0.2], ['d', 0.3, 5]]) },
      ],
      12,
      'verbose_json',
    );
    const starts = merged.words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect(merged.words.every((w) => w.start <= w.end && w.end <= 12)).toBe(true);
    expect(merged.words.at(-1)).toEqual({ word: 'd', start: 10.3, end: 12 });
  });

  it('produces the requested format from the merged timings', () => {
    const parts = [
      { startSeconds: 0, transcript: part('Hello there.', [['Hello', 0, 0.5], ['there.', 0.6, 1.2]]) },
      { startSeconds: 3600, transcript: part('Goodbye now.', [['Goodbye', 0.1, 0.6], ['now.', 0.7, 1.0]]) },
    ];
    expect(mergeTranscripts(parts, 3602, 'srt').raw).toMatch(/^1\n00:00:00,000 --> .*\nHello there\.\n\n2\n01:00:00,100 --> /);
    expect(mergeTranscripts(parts, 3602, 'vtt').raw.startsWith('WEBVTT')).toBe(true);
    expect(mergeTranscripts(parts, 3602, 'text').raw).toBe('Hello there. Goodbye now.\n');
    expect(JSON.parse(mergeTranscripts(parts, 3602, 'json').raw)).toEqual({ text: 'Hello there. Goodbye now.' });
  });
});
