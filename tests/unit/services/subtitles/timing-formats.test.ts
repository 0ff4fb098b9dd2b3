import { describe, expect, it } from 'vitest';
import { type Segment } from '../../../../shared/domain/transcript';
import { type Cue, cuesFromSegments, cuesFromWords, formatSrt, formatVtt } from '../../../../electron/core/services/subtitles';
import { graphemes, rules, speak, text } from '../../../support/subtitles';

describe('cuesFromWords: timing', () => {
  it('holds a fast cue into the following silence until it can be read, and no further', () => {
    const line = 'This line has exactly forty characters..';
    expect(graphemes(line)).toBe(40);
    const words = speak(line, { perChar: 0.02, gap: 0 }); // about 0.8 s of speech
    const [cue] = cuesFromWords(words, rules, null);
    expect(cue!.end).toBe(Math.ceil((40 * 1000) / 17) / 1000); // 2.353 s: 17 characters a second
    const crowded = [...words, { word: ' Next.', start: 1.5, end: 2 }];
    const [first, second] = cuesFromWords(crowded, { ...rules, maxLinesPerCue: 1 }, null);
    expect(first!.end).toBe(1.5);
    expect(second!.start).toBe(1.5);
    const [atEnd] = cuesFromWords(words, rules, 1.9);
    expect(atEnd!.end).toBe(1.9);
  });

  it('extends a short cue to the minimum duration when the gap allows, never over the next cue', () => {
    const single = { ...rules, maxLinesPerCue: 1, maxCharsPerLine: 10 };
    const words = [
      { word: ' Yes.', start: 0, end: 0.3 },
      { word: ' No way.', start: 0.6, end: 0.9 },
      { word: ' Maybe.', start: 3, end: 3.2 },
    ];
    expect(cuesFromWords(words, single, null)).toEqual([
      { start: 0, end: 0.6, lines: ['Yes.'] },
      { start: 0.6, end: 1.6, lines: ['No way.'] },
      { start: 3, end: 4, lines: ['Maybe.'] },
    ]);
  });

  it('merges a lone short sentence into its neighbour rather than flash it', () => {
    const words = speak('Okay. So the next thing we need to talk about is the budget.', { gap: 0.02 });
    expect(text(cuesFromWords(words, rules, null))).toEqual(['Okay. So the next thing we need / to talk about is the budget.']);
  });
});

describe('cuesFromSegments', () => {
  it('keeps each segment apart and holds short ones for the minimum duration', () => {
    const segments: Segment[] = [
      { id: 0, start: 0, end: 0.5, text: ' Hi.' },
      { id: 1, start: 3, end: 5, text: ' How are you?' },
    ];
    expect(cuesFromSegments(segments, rules, 6)).toEqual([
      { start: 0, end: 1, lines: ['Hi.'] },
      { start: 3, end: 5, lines: ['How are you?'] },
    ]);
  });

  it('splits a long segment by the rules, sharing its time by characters', () => {
    const long = 'The committee met on Tuesday to review the proposals for the new library. After a long debate they voted to approve the plan without any changes at all.';
    const cues = cuesFromSegments([{ id: 0, start: 10, end: 20, text: long }], rules, null);
    expect(text(cues)).toEqual([
      'The committee met on Tuesday to review / the proposals for the new library.',
      'After a long debate they voted to approve / the plan without any changes at all.',
    ]);
    const firstLength = 'The committee met on Tuesday to review the proposals for the new library.'.replaceAll(' ', '').length;
    expect(cues[0]!.start).toBe(10);
    expect(cues[1]!.start).toBeCloseTo(10 + (10 * firstLength) / long.replaceAll(' ', '').length, 2);
    expect(cues[1]!.end).toBe(20);
  });

  it('breaks Chinese segments between characters, and never crosses into the next segment', () => {
    const segments: Segment[] = [
      { id: 0, start: 0, end: 6, text: '我们今天去公园散步了，天气非常好，大家都很开心。' },
      { id: 1, start: 5, end: 8, text: '然后回家。' },
    ];
    const narrow = { ...rules, maxCharsPerLine: 12 };
    const cues = cuesFromSegments(segments, narrow, null);
    expect(cues).toEqual([
      { start: 0, end: 5, lines: ['我们今天去公园散步了，天', '气非常好，大家都很开心。'] },
      { start: 5, end: 8, lines: ['然后回家。'] },
    ]);
  });
});

describe('formatSrt / formatVtt', () => {
  const cues: Cue[] = [
    { start: 1, end: 2.5, lines: ['<i>Tom & Jerry</i>', 'go --> there'] },
    { start: 2.5, end: 4, lines: ['', ' second\n\ncue ', ''] },
    { start: 4, end: 5, lines: ['', '  '] },
    { start: 7.25, end: 8, lines: ['last'] },
  ];

  it('numbers SRT cues from 1, with LF line endings and --> replaced by an arrow', () => {
    expect(formatSrt(cues)).toBe(
      [
        '1',
        '00:00:01,000 --> 00:00:02,500',
        '<i>Tom & Jerry</i>',
        'go → there',
        '',
        '2',
        '00:00:02,500 --> 00:00:04,000',
        'second cue',
        '',
        '3',
        '00:00:07,250 --> 00:00:08,000',
        'last',
        '',
      ].join('\n'),
    );
  });

  it('escapes VTT cue text as markup', () => {
    expect(formatVtt(cues)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.500',
        '&lt;i&gt;Tom &amp; Jerry&lt;/i&gt;',
        'go --&gt; there',
        '',
        '00:00:02.500 --> 00:00:04.000',
        'second cue',
        '',
        '00:00:07.250 --> 00:00:08.000',
        'last',
        '',
      ].join('\n'),
    );
  });

  it('rounds to milliseconds without reversing or overlapping cues', () => {
    const close: Cue[] = [
      { start: 1.2344, end: 1.2346, lines: ['a'] },
      { start: 1.2346, end: 1.9999, lines: ['b'] },
      { start: 2.00049, end: 2.0005, lines: ['c'] },
    ];
    expect(formatSrt(close).match(/\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/g)).toEqual([
      '00:00:01,234 --> 00:00:01,235',
      '00:00:01,235 --> 00:00:02,000',
      '00:00:02,000 --> 00:00:02,001',
    ]);
  });
});
