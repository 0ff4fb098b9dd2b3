import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtitleRulesSchema, type Word } from '../../../../shared/domain/transcript';
import { type Cue, cuesFromWords, formatSrt, formatVtt } from '../../../../electron/core/services/subtitles';
import { seededRandom } from '../../../bench/text';

// ffmpeg's SubRip and WebVTT demuxers stand in for the players that will read the exports
// (mpv and VLC use the same code; CI installs Debian's ffmpeg).
const run = promisify(execFile);

/**
 * Ten minutes of speech from 2:59:00 on (so timestamps cross three hours), with sentence
 * ends, pauses and text that needs escaping (`-->`, `<`, `&`), accents, emoji, Chinese and a
 * word longer than a line.
 */
function transcript(): { words: Word[]; duration: number } {
  const random = seededRandom(99);
  const vocabulary = ['the', 'river', 'committee', 'naïve', 'café', '👍🏽', '-->', '<3', 'a<b', 'Tom', '&', 'Jerry', '你好', 'https://example.com/a/very/long/path/that/keeps/going'];
  const words: Word[] = [];
  let time = 10740;
  while (time < 10740 + 600) {
    let text = vocabulary[Math.floor(random() * vocabulary.length)]!;
    const sentenceEnd = random() < 0.1;
    if (sentenceEnd) text += '.';
    const end = time + 0.15 + random() * 0.4;
    words.push({ word: ` ${text}`, start: time, end });
    time = end + (sentenceEnd ? 0.4 + random() : random() * 0.1);
  }
  return { words, duration: time + 1 };
}

async function probe(path: string): Promise<Array<{ start: number; duration: number }>> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', path]);
  const packets = (JSON.parse(stdout) as { packets: Array<{ pts_time: string; duration_time: string }> }).packets;
  return packets.map((packet) => ({ start: Number(packet.pts_time), duration: Number(packet.duration_time) }));
}

/** ffmpeg's own re-encoding to SubRip: the text as the demuxer understood it, escapes decoded. */
async function reencodedText(path: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'srt', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => block.split(/\r?\n/).slice(2).join('\n'));
}

describe('subtitle files read by ffmpeg', () => {
  let dir: string;
  let cues: Cue[];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'confab-subtitles-'));
    const { words, duration } = transcript();
    cues = cuesFromWords(words, subtitleRulesSchema.parse({}), duration);
    await writeFile(join(dir, 'out.srt'), formatSrt(cues));
    await writeFile(join(dir, 'out.vtt'), formatVtt(cues));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['out.srt', 'out.vtt'])('%s: every cue, at its time to the millisecond', async (name) => {
    expect(cues.length).toBeGreaterThan(50);
    const packets = await probe(join(dir, name));
    expect(packets.length).toBe(cues.length);
    packets.forEach((packet, i) => {
      expect(Math.abs(packet.start - cues[i]!.start)).toBeLessThanOrEqual(0.001);
      expect(Math.abs(packet.duration - (cues[i]!.end - cues[i]!.start))).toBeLessThanOrEqual(0.001);
    });
  });

  // SubRip has no escapes: a literal tag such as <i> would still be read as markup, which
  // is why the vocabulary's `<` never starts a tag name.
  it('SubRip text comes back as written, with --> shown as an arrow', async () => {
    const texts = await reencodedText(join(dir, 'out.srt'));
    expect(texts).toEqual(cues.map((cue) => cue.lines.join('\n').replaceAll('-->', '→')));
  });

  it('WebVTT escapes are decoded back to the original text', async () => {
    const texts = await reencodedText(join(dir, 'out.vtt'));
    expect(texts.some((text) => text.includes('-->'))).toBe(true);
    expect(texts).toEqual(cues.map((cue) => cue.lines.join('\n')));
  });
});
