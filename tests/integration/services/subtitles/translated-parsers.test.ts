import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cue, type TranslatedCueRow, formatTranslatedCues, translatedCues } from '../../../../electron/core/services/subtitles';
import { seededRandom } from '../../../bench/text';

// A translation's subtitles read back by two real parsers: ffmpeg's SubRip and WebVTT demuxers
// (what mpv and VLC use) and the `subtitle` npm package. Model text that needs escaping, Japanese,
// Arabic with leading digits and Latin names, speakers, and rows long enough to become several cues.
const run = promisify(execFile);
const RLM = '\u200f';

const SAMPLES: Record<string, string[]> = {
  fr: ['Nous avons parlé du budget.', 'Utilisez <b>gras</b> & voyez --> ici.', 'Première ligne.\n\nDeuxième ligne.', 'Le comité a décidé, après une longue discussion, de reporter le vote sur le projet à la semaine prochaine.'],
  ja: ['本日の会議では、来年度の予算案と新しい採用計画について詳しく話し合いました。', 'はい。', '<i>重要</i>な点は3つあります。'],
  ar: ['عقدنا الاجتماع يوم الاثنين', '3 أشخاص حضروا الاجتماع', 'Zoom كان بطيئا جدا اليوم ولم نتمكن من مشاركة الشاشة مع الفريق بأكمله، لذلك قررنا أن نعيد الاجتماع غدا صباحا في المكتب'],
};

/** `count` rows back to back, some with silence between them, each a sample of the language. */
function rows(language: string, count: number): TranslatedCueRow[] {
  const random = seededRandom(39);
  const samples = SAMPLES[language]!;
  let time = 10_738_000; // Past 2:58:58, so timestamps cross three hours.
  return Array.from({ length: count }, (_, i) => {
    const startMs = time;
    const endMs = startMs + 800 + Math.floor(random() * 6000);
    time = endMs + (random() < 0.5 ? 0 : Math.floor(random() * 2000));
    return { id: `row-${i}`, startMs, endMs, text: samples[i % samples.length]!, original: `Original row ${i}, as it was said.`, speaker: i % 3 ? 'Bilal' : null };
  });
}

async function probe(path: string): Promise<Array<{ start: number; end: number }>> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', path]);
  const packets = (JSON.parse(stdout) as { packets: Array<{ pts_time: string; duration_time: string }> }).packets;
  return packets.map((packet) => ({ start: Number(packet.pts_time), end: Number(packet.pts_time) + Number(packet.duration_time) }));
}

/** ffmpeg's own re-encoding to SubRip: the text as its demuxer understood it, escapes decoded. */
async function reencodedText(path: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'srt', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => block.split(/\r?\n/).slice(2).join('\n'));
}

const cases = [
  { language: 'fr', bilingual: false },
  { language: 'ja', bilingual: false },
  { language: 'ar', bilingual: false },
  { language: 'fr', bilingual: true },
] as const;

describe.each(cases)('a translation into $language (bilingual: $bilingual) read back', ({ language, bilingual }) => {
  let dir: string;
  let input: TranslatedCueRow[];
  let cues: Cue[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'confab-translated-'));
    input = rows(language, 300);
    cues = translatedCues(input, language, { bilingual }).cues;
    await writeFile(join(dir, 'out.srt'), formatTranslatedCues(cues, 'srt'));
    await writeFile(join(dir, 'out.vtt'), formatTranslatedCues(cues, 'vtt'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['out.srt', 'out.vtt'])('%s: ffmpeg reads every cue at its time, every row from its start to its end', async (name) => {
    const packets = await probe(join(dir, name));
    expect(cues.length).toBeGreaterThan(input.length);
    expect(packets.length).toBe(cues.length);
    packets.forEach((packet, i) => {
      expect(Math.abs(packet.start - cues[i]!.start)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(packet.end - cues[i]!.end)).toBeLessThanOrEqual(0.0005);
    });
    const starts = new Set(packets.map((packet) => Math.round(packet.start * 1000)));
    const ends = new Set(packets.map((packet) => Math.round(packet.end * 1000)));
    for (const row of input) {
      expect(starts.has(row.startMs)).toBe(true);
      expect(ends.has(row.endMs)).toBe(true);
    }
  });

  it('the subtitle package reads the same cues from both files, none empty', () => {
    for (const name of ['srt', 'vtt'] as const) {
      const parsed = parseSync(formatTranslatedCues(cues, name)).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
      expect(parsed.map((cue) => [cue.start, cue.end])).toEqual(cues.map((cue) => [Math.round(cue.start * 1000), Math.round(cue.end * 1000)]));
      for (const cue of parsed) expect(cue.text.replaceAll(RLM, '').trim()).not.toBe('');
    }
  });

  it('SubRip text comes back as written: --> an arrow, the name before the first cue of a speaker, no tag read as markup', async () => {
    const texts = (await reencodedText(join(dir, 'out.srt'))).map((text) => text.replaceAll('\u2060', ''));
    let previous: string | undefined;
    const expected = cues.map((cue) => {
      const lines = cue.lines.map((line) => line.replaceAll('-->', '→'));
      const named = cue.voice && cue.voice !== previous;
      previous = cue.voice;
      if (named) lines[0] = lines[0]!.startsWith(RLM) ? `${RLM}${cue.voice}: ${lines[0]!.slice(1)}` : `${cue.voice}: ${lines[0]}`;
      return lines.join('\n');
    });
    expect(texts).toEqual(expected);
    // As players style it (ffmpeg's decoder turns SubRip tags into ASS overrides): no tag became styling.
    const { stdout: ass } = await run('ffmpeg', ['-v', 'error', '-i', join(dir, 'out.srt'), '-f', 'ass', '-'], { maxBuffer: 64 * 1024 * 1024 });
    const dialogue = ass.split('\n').filter((line) => line.startsWith('Dialogue:'));
    expect(dialogue.length).toBe(cues.length);
    expect(dialogue.filter((line) => /\{\\[bi][01]\}/.test(line))).toEqual([]);
  });

  it('WebVTT escapes are decoded back to the model\'s text', async () => {
    const texts = await reencodedText(join(dir, 'out.vtt'));
    expect(texts).toEqual(cues.map((cue) => cue.lines.join('\n')));
  });
});

describe('right-to-left text as the parsers read it', () => {
  it('is in logical order, with the mark only where a line starts with a neutral', () => {
    const { cues } = translatedCues(rows('ar', 3), 'ar', { bilingual: false });
    const parsed = parseSync(formatTranslatedCues(cues, 'vtt')).flatMap((node) => (node.type === 'cue' ? [node.data.text] : []));
    expect(parsed[0]).toBe('عقدنا الاجتماع يوم الاثنين');
    expect(parsed[1]).toBe('<v Bilal>\u200f3 أشخاص حضروا الاجتماع');
    expect(parsed.slice(2).join('\n').split('\n').every((line) => line.replace('<v Bilal>', '').startsWith(RLM) || /^\p{Script=Arabic}/u.test(line.replace('<v Bilal>', '')))).toBe(true);
  });
});
