import { describe, expect, it } from 'vitest';
import { type Segment, type SubtitleRules, type Word, subtitleRulesSchema } from '../../shared/domain/transcript';
import {
  type Cue,
  PARAGRAPH_GAP_SECONDS,
  PAUSE_SECONDS,
  cuesFromSegments,
  cuesFromWords,
  formatSrt,
  formatTxt,
  formatVtt,
} from '../../electron/services/subtitles';
import { seededRandom } from '../bench/text';

const rules = subtitleRulesSchema.parse({});
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)].length;

/**
 * Whisper-style words (leading space) spoken back to back from `start`: each word takes
 * `perChar` seconds per character, with `gap` seconds between words; a `|` in the text
 * stands for a pause of `pause` seconds.
 */
function speak(text: string, { start = 0, perChar = 0.05, gap = 0.05, pause = 1 } = {}): Word[] {
  const words: Word[] = [];
  let time = start;
  for (const token of text.split(' ')) {
    if (token === '|') {
      time += pause;
      continue;
    }
    const end = time + token.length * perChar;
    words.push({ word: ` ${token}`, start: round(time), end: round(end) });
    time = end + gap;
  }
  return words;
}
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const text = (cues: Cue[]) => cues.map((cue) => cue.lines.join(' / '));

describe('cuesFromWords: grouping', () => {
  it('makes no cues from no words, and the files are still valid', () => {
    expect(cuesFromWords([], rules, 12)).toEqual([]);
    expect(cuesFromWords([], rules, null)).toEqual([]);
    expect(formatSrt([])).toBe('');
    expect(formatVtt([])).toBe('WEBVTT\n\n');
    expect(formatTxt([])).toBe('');
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

describe('formatSrt / formatVtt / formatTxt', () => {
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

  it('writes plain text with a paragraph after a long silence', () => {
    expect(PARAGRAPH_GAP_SECONDS).toBe(2);
    expect(formatTxt(cues)).toBe('<i>Tom & Jerry</i> go --> there second cue\n\nlast\n');
    expect(formatTxt([{ start: 0, end: 1, lines: ['我们', '走吧。'] }, { start: 1, end: 2, lines: ['好。'] }])).toBe('我们走吧。好。\n');
  });
});

describe('properties over random word lists', () => {
  const random = seededRandom(20240607);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const vocabulary = ['a', 'I', 'the', 'river', 'committee', 'extraordinarily', 'naïve', 'café', '👍🏽', 'e\u0301te\u0301', 'x'.repeat(50), 'ok', 'because', '你好', '。'];

  function randomCase(): { words: Word[]; rules: SubtitleRules; duration: number | null } {
    const count = Math.floor(random() ** 2 * 400);
    const words: Word[] = [];
    let time = random() * 2 - 0.5;
    for (let i = 0; i < count; i++) {
      const length = pick([0, 0, 0, 0.1, 0.3, 0.5, 1.2, 3]) * random();
      const word = pick(['', ' ', '  ']) + pick(vocabulary) + pick(['', '', '', '', ',', '.', '?', ' ']);
      words.push({ word: random() < 0.02 ? ' ' : word, start: round(time), end: round(time + length) });
      time += pick([0, 0.05, 0.1, 0.2, 0.6, 2, 9]) * random() + (random() < 0.05 ? -1 : 0);
    }
    if (random() < 0.2) {
      for (let i = words.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [words[i], words[j]] = [words[j]!, words[i]!];
      }
    }
    const end = Math.max(0, ...words.map((word) => word.end));
    const duration = pick([null, end + random() * 5, end * (0.8 + random() * 0.2) + 1, end]);
    const custom = subtitleRulesSchema.parse({
      maxCharsPerLine: pick([10, 20, 42, 60]),
      maxLinesPerCue: pick([1, 2, 3]),
      maxCueSeconds: pick([2, 7, 15]),
      minCueSeconds: pick([0, 1, 2]),
      maxCharsPerSecond: pick([5, 17, 30]),
    });
    return { words, rules: random() < 0.5 ? rules : custom, duration };
  }

  // Problems are collected rather than asserted one by one: a few hundred thousand expect()
  // calls would take seconds, and one list names every failing case at once.
  it('holds for 300 seeded cases', () => {
    const problems: string[] = [];
    for (let run = 0; run < 300; run++) {
      const { words, rules: caseRules, duration } = randomCase();
      const check = (ok: boolean, what: () => string) => {
        if (!ok) problems.push(`case ${run}: ${what()}`);
      };
      const durationMs = duration !== null && duration > 0 ? Math.floor(duration * 1000 + 1e-6) : null;

      const cues = cuesFromWords(words, caseRules, duration);
      for (const [k, cue] of cues.entries()) {
        const where = () => `cue ${k} ${JSON.stringify(cue)}`;
        check(cue.start >= 0 && cue.end > cue.start, () => `${where()} has no positive span`);
        check(duration === null || cue.end <= duration, () => `${where()} ends after ${duration}`);
        check(k === 0 || cue.start >= cues[k - 1]!.end, () => `${where()} overlaps the previous cue`);
        check([cue.start, cue.end].every((time) => Math.abs(time * 1000 - Math.round(time * 1000)) < 1e-6), () => `${where()} is not in whole ms`);
        check(cue.lines.length >= 1 && cue.lines.length <= caseRules.maxLinesPerCue, () => `${where()} has a wrong line count`);
        for (const line of cue.lines) {
          check(line === line.trim() && line !== '' && !line.includes('\n'), () => `${where()} has a blank or untrimmed line`);
          check(graphemes(line) <= caseRules.maxCharsPerLine || !line.includes(' '), () => `${where()} has a line too long`);
        }
        const shown = cue.end - cue.start;
        const oneUnit = cue.lines.length === 1 && !cue.lines[0]!.includes(' ');
        check(oneUnit || shown <= caseRules.maxCueSeconds + 1e-9, () => `${where()} is up too long`);
        // Too short or too fast only when the next cue or the end of the audio leaves no more
        // room, or the cue is already up for the maximum duration (or longer: one long word).
        const tooFast = graphemes(cue.lines.join(' ')) / shown > caseRules.maxCharsPerSecond + 1e-9;
        if (shown < caseRules.minCueSeconds - 1e-9 || tooFast) {
          const limits = [cues[k + 1]?.start, durationMs === null ? undefined : durationMs / 1000];
          const held = shown > caseRules.maxCueSeconds - 0.0015 || limits.some((limit) => limit !== undefined && Math.abs(cue.end - limit) < 0.0015);
          check(held, () => `${where()} is too short or too fast with room to spare`);
        }
      }

      // Every word's text, once, in the order the service gave them (never sorted by time).
      const expected = words
        .map((word) => word.word.replace(/\s+/g, ''))
        .filter(Boolean)
        .join('');
      check(cues.flatMap((cue) => cue.lines).join('').replace(/\s+/g, '') === expected, () => 'words lost, repeated or reordered');

      // The same words in segments of 1 to 30: the same guarantees, and the text kept whole.
      const sorted = [...words].sort((a, b) => a.start - b.start);
      const segments: Segment[] = [];
      for (let from = 0, to = 0; from < sorted.length; from = to) {
        to = from + 1 + Math.floor(random() * 30);
        const part = sorted.slice(from, to);
        segments.push({ id: segments.length, start: part[0]!.start, end: Math.max(...part.map((word) => word.end)), text: part.map((word) => word.word).join('') });
      }
      const segmentCues = cuesFromSegments(segments, caseRules, duration);
      for (const [k, cue] of segmentCues.entries()) {
        const where = () => `segment cue ${k} ${JSON.stringify(cue)}`;
        check(cue.start >= (k > 0 ? segmentCues[k - 1]!.end : 0) && cue.end > cue.start, () => `${where()} overlaps or has no span`);
        check(duration === null || cue.end <= duration, () => `${where()} ends after ${duration}`);
        check(cue.lines.length <= caseRules.maxLinesPerCue, () => `${where()} has too many lines`);
      }
      const segmentText = segments.map((segment) => segment.text.replace(/\s+/g, '')).join('');
      check(segmentCues.flatMap((cue) => cue.lines).join('').replace(/\s+/g, '') === segmentText, () => 'segment text lost or reordered');

      check((formatSrt(cues).match(/^\d+\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/gm)?.length ?? 0) === cues.length, () => 'SRT cue count');
      check(formatVtt(cues).split('-->').length - 1 === cues.length, () => 'VTT cue count');
    }
    expect(problems).toEqual([]);
  }, 30_000); // 300 cases take seconds on a loaded two-core machine
});
