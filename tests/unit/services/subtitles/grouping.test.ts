import { describe, expect, it } from 'vitest';
import { PAUSE_SECONDS, cuesFromWords, formatSrt, formatVtt } from '../../../../electron/core/services/subtitles';
import { graphemes, rules, speak, text } from '../../../support/subtitles';

describe('cuesFromWords: grouping', () => {
  it('makes no cues from no words, and the files are still valid', () => {
    expect(cuesFromWords([], rules, 12)).toEqual([]);
    expect(cuesFromWords([], rules, null)).toEqual([]);
    expect(formatSrt([])).toBe('');
    expect(formatVtt([])).toBe('WEBVTT\n\n');
  });

  it('starts a cue with its first word and holds a short one for the minimum duration', () => {
    const words = [
      { word: ' Hello', start: 0.5, end: 0.8 },
      { word: ' world.', start: 0.8, end: 1.1 },
    ];
    expect(cuesFromWords(words, rules, 10)).toEqual([{ start: 0.5, end: 1.5, lines: ['Hello world.'] }]);
  });

  it('keeps short sentences together when they fit, and splits at the sentence end first', () => {
    expect(text(cuesFromWords(speak('Yes. I know. Come in.'), rules, null))).toEqual(['Yes. I know. Come in.']);
    // Both sentences fit neither one cue nor two lines; the cut goes at the full stop, not
    // at the comma, the pause or anywhere else.
    const words = speak(
      'The committee met on Tuesday to review, in detail, the proposals | for the new library. After a long debate they voted to approve the plan without changes.',
    );
    expect(text(cuesFromWords(words, rules, null))).toEqual([
      'The committee met on Tuesday to review, in / detail, the proposals for the new library.',
      'After a long debate they voted to / approve the plan without changes.',
    ]);
  });

  it('then at a pause, then at clause punctuation, then wherever the limits force it', () => {
    const pause = speak(
      'we walked along the river and talked about everything that happened | that summer when the water was high and the boats could not go out at all',
    );
    expect(text(cuesFromWords(pause, rules, null))).toEqual([
      'we walked along the river and talked / about everything that happened',
      'that summer when the water was high / and the boats could not go out at all',
    ]);
    const clause = speak(
      'we walked along the river and talked about everything that happened that summer, when the water was high and the boats could not go out at all',
    );
    expect(text(cuesFromWords(clause, rules, null))).toEqual([
      'we walked along the river and talked about / everything that happened that summer,',
      'when the water was high and the / boats could not go out at all',
    ]);
    const forced = speak(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), { perChar: 0.03, gap: 0 });
    const cues = cuesFromWords(forced, rules, null);
    expect(cues.length).toBe(Math.ceil(forced.map((word) => word.word).join('').length / 84));
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
  });

  it('treats a silence of PAUSE_SECONDS as a pause and a shorter one as none', () => {
    const around = (pause: number) =>
      text(cuesFromWords(speak('the first half of this line goes on and on for a while and then | the second half of it follows after', { pause, perChar: 0.08 }), rules, null));
    expect(PAUSE_SECONDS).toBe(0.5);
    expect(around(0.5)).toEqual(['the first half of this line goes / on and on for a while and then', 'the second half of it follows after']);
    expect(around(0.3)).toEqual(['the first half of this / line goes on and on for a', 'while and then the second / half of it follows after']);
  });

  it('never lets a cue span more than the maximum duration', () => {
    const slow = speak('one two three four five six seven eight nine ten eleven twelve', { perChar: 0.2, gap: 0.1 });
    const cues = cuesFromWords(slow, rules, null);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.end - cue.start).toBeLessThanOrEqual(7 + 1e-9);
    expect(cues.flatMap((cue) => cue.lines.join(' ').split(' '))).toEqual(slow.map((word) => word.word.trim()));
  });

  it('balances two lines instead of filling the first', () => {
    const words = speak('This is a fairly long sentence that needs two lines to fit on screen');
    expect(cuesFromWords(words, rules, null)[0]!.lines).toEqual(['This is a fairly long sentence that', 'needs two lines to fit on screen']);
  });

  it('breaks lines after punctuation when that is nearly as balanced', () => {
    const words = speak('Well, I suppose we could try again tomorrow morning if you like');
    expect(cuesFromWords(words, rules, null)[0]!.lines).toEqual(['Well, I suppose we could try again', 'tomorrow morning if you like']);
    const sentence = speak('Yes, of course. We can do that for you later today');
    expect(cuesFromWords(sentence, rules, null)[0]!.lines).toEqual(['Yes, of course.', 'We can do that for you later today']);
  });
});

describe('cuesFromWords: awkward input', () => {
  it('puts a word longer than a line on a line of its own, unsplit', () => {
    const url = 'https://example.com/a/very/long/path/that/keeps/going';
    const cues = cuesFromWords(speak(`Open ${url} now please.`), rules, null);
    expect(cues.flatMap((cue) => cue.lines)).toEqual(['Open', url, 'now please.']);
    for (const cue of cues) expect(cue.lines.length).toBeLessThanOrEqual(2);

    const huge = 'x'.repeat(500);
    const hugeCues = cuesFromWords(speak(`a ${huge} b`, { perChar: 0.002 }), rules, 60);
    expect(hugeCues.flatMap((cue) => cue.lines)).toEqual(['a', huge, 'b']);
    for (const cue of hugeCues) expect(cue.lines.length).toBeLessThanOrEqual(2);
    expect(cuesFromWords([{ word: huge, start: 0, end: 20 }], rules, 30)).toEqual([{ start: 0, end: 20, lines: [huge] }]);
  });

  it('gives zero-length words a visible cue', () => {
    const words = [
      { word: ' One.', start: 1, end: 1 },
      { word: ' Two.', start: 3, end: 3 },
      { word: ' Three.', start: 3, end: 3 },
    ];
    expect(cuesFromWords(words, rules, 10)).toEqual([
      { start: 1, end: 2, lines: ['One.'] },
      { start: 3, end: 4, lines: ['Two. Three.'] },
    ]);
    const pile = Array.from({ length: 40 }, (_, i) => ({ word: ` w${i}`, start: 5, end: 5 }));
    const cues = cuesFromWords(pile, rules, null);
    for (const [k, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (k > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[k - 1]!.end);
    }
  });

  it('cuts a word short when the next one starts before it ends', () => {
    const narrow = { ...rules, maxCharsPerLine: 10, maxLinesPerCue: 1 };
    const words = [
      { word: ' First one.', start: 0, end: 3 },
      { word: ' Second.', start: 2, end: 2.5 },
    ];
    expect(cuesFromWords(words, narrow, null)).toEqual([
      { start: 0, end: 2, lines: ['First one.'] },
      { start: 2, end: 3, lines: ['Second.'] },
    ]);
  });

  it('keeps the service\'s word order when timings overlap or go backwards, with valid times', () => {
    // Near a speaker change a service put "asked" before "Bilal:" in time; the words stay as said.
    const words = [
      { word: ' Bilal:', start: 10.5, end: 10.9 },
      { word: ' asked', start: 10.0, end: 10.4 },
      { word: ' why.', start: 10.9, end: 11.2 },
    ];
    const cues = cuesFromWords(words, rules, null);
    expect(text(cues)).toEqual(['Bilal: asked why.']);
    expect(cues[0]!.start).toBe(10.5);
    const inOrder = speak('The cat sat on the mat. Then it slept.');
    const shuffled = [5, 2, 8, 7, 0, 1, 6, 4, 3].map((i) => inOrder[i]!);
    const said = shuffled.map((word) => word.word.trim()).join(' ');
    expect(text(cuesFromWords(shuffled, rules, null)).join(' ').replaceAll(' / ', ' ')).toBe(said);
    const tied = [
      { word: ' b', start: 1, end: 1.2 },
      { word: ' a', start: 1, end: 1.1 },
    ];
    expect(text(cuesFromWords(tied, rules, null))).toEqual(['b a']);
  });

  it('trims spaces, drops empty words and attaches punctuation tokens', () => {
    const words = [' Hello', ' ', '', ' world', ',', '  and\n\nthen ', ' again', '.'].map((word, i) => ({ word, start: i * 0.2, end: i * 0.2 + 0.1 }));
    expect(text(cuesFromWords(words, rules, null))).toEqual(['Hello world, and then again.']);
    const bare = ['Hello', 'world', '(quietly)', '"yes"', '(', 'aside', ')'].map((word, i) => ({ word, start: i, end: i + 0.5 }));
    expect(text(cuesFromWords(bare, rules, null))).toEqual(['Hello world (quietly) "yes" (aside)']);
  });

  it('raises negative times to zero', () => {
    const words = [
      { word: ' Before', start: -0.5, end: -0.2 },
      { word: ' zero.', start: -0.1, end: 0.3 },
    ];
    expect(cuesFromWords(words, rules, 5)).toEqual([{ start: 0, end: 1, lines: ['Before zero.'] }]);
  });

  it('keeps words past the stated duration, at the end, inside [0, duration]', () => {
    const words = [
      { word: ' The', start: 4, end: 4.3 },
      { word: ' end', start: 4.3, end: 4.5 },
      { word: ' comes', start: 5.5, end: 5.8 },
      { word: ' late.', start: 5.9, end: 6.4 },
    ];
    expect(cuesFromWords(words, rules, 5)).toEqual([{ start: 4, end: 5, lines: ['The end comes late.'] }]);
    expect(cuesFromWords(words.slice(2), rules, 5)).toEqual([{ start: 4.999, end: 5, lines: ['comes late.'] }]);
    // A duration that is unknown, zero or nonsense does not clamp.
    for (const duration of [null, 0, -3, Number.NaN]) {
      expect(cuesFromWords(words.slice(2), rules, duration)).toEqual([{ start: 5.5, end: 6.5, lines: ['comes late.'] }]);
    }
  });

  it('writes timestamps past three hours', () => {
    const cues = cuesFromWords([{ word: ' Late.', start: 10800.5, end: 10801 }], rules, 10900);
    expect(cues).toEqual([{ start: 10800.5, end: 10801.5, lines: ['Late.'] }]);
    expect(formatSrt(cues)).toBe('1\n03:00:00,500 --> 03:00:01,500\nLate.\n');
    expect(formatVtt(cues)).toBe('WEBVTT\n\n03:00:00.500 --> 03:00:01.500\nLate.\n');
    expect(formatSrt([{ start: 360_000.25, end: 360_001, lines: ['x'] }])).toBe('1\n100:00:00,250 --> 100:00:01,000\nx\n');
  });

  it('counts characters as graphemes, not UTF-16 units', () => {
    const thumbs = '👍🏽'.repeat(5);
    const accents = 'e\u0301'.repeat(5);
    expect(thumbs.length).toBe(20);
    const tight = { ...rules, maxCharsPerLine: 11, maxLinesPerCue: 1 };
    expect(text(cuesFromWords(speak(`${thumbs} ${accents}`), tight, null))).toEqual([`${thumbs} ${accents}`]);
    const cues = cuesFromWords(speak(`${thumbs} ${accents} ${thumbs}`), tight, null);
    expect(cues.length).toBe(2);
    for (const line of cues.flatMap((cue) => cue.lines)) expect(graphemes(line)).toBeLessThanOrEqual(11);
  });

  it('writes Chinese without spaces and splits it at 。', () => {
    const sentence1 = '我们今天去公园散步了。';
    const sentence2 = '天气非常好，大家都很开心。';
    const words = [...sentence1, ...sentence2].map((char, i) => ({ word: char, start: i * 0.25, end: i * 0.25 + 0.2 }));
    expect(text(cuesFromWords(words, rules, null))).toEqual([sentence1 + sentence2]);
    const oneLine = { ...rules, maxCharsPerLine: 13, maxLinesPerCue: 1 };
    expect(cuesFromWords(words, oneLine, null).map((cue) => cue.lines)).toEqual([[sentence1], [sentence2]]);
    // Too narrow for a sentence: lines break between characters, never before 。 or ，.
    const lines = cuesFromWords(words, { ...oneLine, maxCharsPerLine: 10 }, null).flatMap((cue) => cue.lines);
    expect(lines.join('')).toBe(sentence1 + sentence2);
    for (const line of lines) {
      expect(graphemes(line)).toBeLessThanOrEqual(10);
      expect(line).not.toMatch(/^[。，]/);
    }
  });
});
