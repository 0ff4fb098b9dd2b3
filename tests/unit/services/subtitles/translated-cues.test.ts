import { eastAsianWidth } from 'get-east-asian-width';
import { describe, expect, it } from 'vitest';
import { MAX_ROW_CHARS, type TranslatedCueRow, formatTranslatedCues, translatedCues } from '../../../../electron/core/services/subtitles';
import { graphemes } from '../../../support/subtitles';

const RLM = '\u200f';
const row = (text: string, startMs: number, endMs: number, extra: Partial<TranslatedCueRow> = {}): TranslatedCueRow => ({
  id: `r${startMs}`,
  startMs,
  endMs,
  text,
  original: '',
  speaker: null,
  ...extra,
});
/** Columns on screen, counted independently of the module: wide (and, in CJK, ambiguous) characters take two. */
const columns = (line: string) => [...line].reduce((sum, char) => sum + eastAsianWidth(char.codePointAt(0)!, { ambiguousAsWide: true }), 0);

describe('translatedCues: the target language\'s rules', () => {
  it('breaks Japanese into lines of at most 16 full-width characters, with no spaces added', () => {
    const text = '本日の会議では、来年度の予算案と新しい採用計画について詳しく話し合いました。最後に、次回の日程を決めました。';
    const { cues, flags } = translatedCues([row(text, 1000, 16000)], 'ja', { bilingual: false });
    const lines = cues.flatMap((cue) => cue.lines);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(columns(line)).toBeLessThanOrEqual(32);
    for (const cue of cues) expect(cue.lines.length).toBeLessThanOrEqual(2);
    expect(lines.join('')).toBe(text);
    expect(lines.some((line) => /\s/.test(line))).toBe(false);
    // No line starts with closing punctuation (it stays with the character before it).
    expect(lines.some((line) => /^[、。]/.test(line))).toBe(false);
    expect(flags).toEqual([]);
  });

  it('keeps 42 characters a line in alphabetic scripts and splits a long row inside its own times', () => {
    const text = 'We looked at the budget for next year in detail. Then we talked about hiring, and in the end we agreed on a date.';
    const { cues } = translatedCues([row(text, 2500, 9500)], 'fr', { bilingual: false });
    expect(cues.length).toBe(2);
    for (const line of cues.flatMap((cue) => cue.lines)) expect(graphemes(line)).toBeLessThanOrEqual(42);
    expect(cues[0]!.lines.join(' ')).toBe('We looked at the budget for next year in detail.');
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).toBe(text);
  });

  it("keeps every row's times exactly: the first cue starts at its start, the last ends at its end, none crosses it", () => {
    const long = 'word '.repeat(60).trim() + '.';
    const rows = [row(long, 1234, 20001), row('Short.', 20001, 20999), row(long, 30000, 30017)];
    const { cues } = translatedCues(rows, 'de', { bilingual: false });
    const ofRow = (r: TranslatedCueRow) => cues.filter((cue) => cue.start >= r.startMs / 1000 && cue.end <= r.endMs / 1000 && !(cue.start === r.endMs / 1000));
    for (const r of rows) {
      const own = ofRow(r);
      expect(own[0]!.start).toBe(r.startMs / 1000);
      expect(own.at(-1)!.end).toBe(r.endMs / 1000);
      own.slice(1).forEach((cue, i) => expect(cue.start).toBe(own[i]!.end));
    }
    expect(ofRow(rows[0]!).length).toBeGreaterThan(1);
    expect(cues.length).toBe(ofRow(rows[0]!).length + 1 + ofRow(rows[2]!).length);
  });

  it('makes no empty cue: a row with no text (or only whitespace) has none', () => {
    const { cues } = translatedCues([row('', 0, 1000), row(' \n\n ', 1000, 2000), row('Yes.', 2000, 3000)], 'en', { bilingual: false });
    expect(cues).toEqual([{ start: 2, end: 3, lines: ['Yes.'] }]);
    for (const format of ['srt', 'vtt'] as const) expect(formatTranslatedCues(cues, format)).not.toMatch(/\n\n\n/);
  });

  it('flags a word too long for a line and a cue too fast to read, never cutting or dropping them', () => {
    const url = 'https://example.com/' + 'a'.repeat(60);
    const { cues, flags } = translatedCues(
      [row(`See ${url} today.`, 0, 10000, { id: 'long' }), row('This sentence cannot be read in a tenth of a second.', 10000, 10100, { id: 'fast' })],
      'en',
      { bilingual: false },
    );
    expect(cues.flatMap((cue) => cue.lines)).toContain(url);
    expect(cues.at(-1)!.lines.join(' ')).toBe('This sentence cannot be read in a tenth of a second.');
    expect(flags).toEqual([
      { rowId: 'long', reason: 'line_too_long' },
      { rowId: 'fast', reason: 'too_fast' },
    ]);
  });

  it('caps the text of a row at the longest a user may type, between words', () => {
    const { cues } = translatedCues([row('again '.repeat(2000), 0, 60000)], 'en', { bilingual: false });
    const text = cues.map((cue) => cue.lines.join(' ')).join(' ');
    expect(text.length).toBeLessThanOrEqual(MAX_ROW_CHARS + 2);
    expect(text.endsWith('again …')).toBe(true);
  });
});

describe('translatedCues: right to left', () => {
  const arabic = 'عقدنا الاجتماع يوم الاثنين';

  it('keeps Arabic in logical order, with a RIGHT-TO-LEFT MARK only before a line that starts with a neutral', () => {
    const rows = [row(arabic, 0, 4000), row('3 أشخاص حضروا الاجتماع', 4000, 6000), row('Zoom كان بطيئا', 6000, 8000)];
    const { cues } = translatedCues(rows, 'ar', { bilingual: false });
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual([arabic, `${RLM}3 أشخاص حضروا الاجتماع`, `${RLM}Zoom كان بطيئا`]);
    const srt = formatTranslatedCues(cues, 'srt');
    expect(srt).toContain(`\n${arabic}\n`);
    expect(srt).toContain(`\n${RLM}3 أشخاص`);
  });

  it('puts the mark before a speaker\'s name in SubRip, so the named line stays right to left', () => {
    const { cues } = translatedCues([row(arabic, 0, 4000, { speaker: 'Bilal' }), row('2 + 2', 4000, 5000, { speaker: 'Bilal' })], 'he', { bilingual: false });
    const srt = formatTranslatedCues(cues, 'srt');
    expect(srt).toContain(`\n${RLM}Bilal: ${arabic}\n`);
    expect(srt).toContain(`\n${RLM}2 + 2\n`);
    const vtt = formatTranslatedCues(cues, 'vtt');
    expect(vtt).toContain(`\n<v Bilal>${arabic}\n`);
  });

  it('adds no mark in a left-to-right language', () => {
    const { cues } = translatedCues([row('3 people came', 0, 2000)], 'en', { bilingual: false });
    expect(cues[0]!.lines).toEqual(['3 people came']);
  });
});

describe('formatTranslatedCues: model text escaped for its format', () => {
  const model = 'Use <b>bold</b> & see --> here.\n\nNext <i>line</i>.';

  it('WebVTT: & < > become character references, so no tag and no --> survives', () => {
    const vtt = formatTranslatedCues(translatedCues([row(model, 0, 9000)], 'en', { bilingual: false }).cues, 'vtt');
    const body = vtt.split('\n').slice(3).join('\n');
    expect(body).toContain('Use &lt;b&gt;bold&lt;/b&gt; &amp; see --&gt; here.');
    expect(body).not.toMatch(/<|-->/);
  });

  it('SubRip: --> shown as an arrow, no blank line inside a cue, tags not read as markup', () => {
    const srt = formatTranslatedCues(translatedCues([row(model, 0, 9000)], 'en', { bilingual: false }).cues, 'srt');
    const blocks = srt.trim().split('\n\n');
    expect(blocks.length).toBe(1);
    expect(srt.match(/-->/g)!.length).toBe(1);
    expect(srt).toContain('see → here.');
    expect(srt).not.toMatch(/<\/?[bi]>/);
    expect(srt.replaceAll('\u2060', '')).toContain('Use <b>bold</b> &');
  });
});

describe('translatedCues: bilingual', () => {
  it('shows the original first and the translation under it, each up to two lines', () => {
    const original = "We looked at next year's budget in detail, and then we talked about hiring.";
    const translation = "Nous avons examiné le budget de l'an prochain, puis parlé du recrutement.";
    const { cues } = translatedCues([row(translation, 0, 6000, { original })], 'fr', { bilingual: true });
    expect(cues.length).toBe(1);
    const [cue] = cues;
    expect(cue!.lines.length).toBe(4);
    expect(cue!.lines.slice(0, 2).join(' ')).toBe(original);
    expect(cue!.lines.slice(2).join(' ')).toBe(translation);
  });

  it('splits both texts into as many cues as the longer needs, each cue showing the same part of the row in both', () => {
    const original = "We looked at next year's budget in detail. Then we talked about hiring.";
    const translation = "Nous avons examiné en détail le budget de l'année prochaine. Ensuite, nous avons parlé du recrutement.";
    const { cues, flags } = translatedCues([row(translation, 1000, 9000, { original })], 'fr', { bilingual: true });
    expect(cues.map((cue) => cue.lines)).toEqual([
      ["We looked at next year's budget in detail.", 'Nous avons examiné en détail le', "budget de l'année prochaine."],
      ['Then we talked about hiring.', 'Ensuite, nous avons parlé du recrutement.'],
    ]);
    expect(cues[0]!.start).toBe(1);
    expect(cues[0]!.end).toBe(cues[1]!.start);
    expect(cues[1]!.end).toBe(9);
    expect(flags).toEqual([]);
  });
});
