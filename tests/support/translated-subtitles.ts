// A translation's subtitles as the page exports them (the harness's download), read back by two
// real parsers: ffmpeg's demuxers (ffprobe's packets, and ffmpeg re-encoding the text to SubRip)
// and the `subtitle` npm package. Shared by the translation journeys (translation-*.test.ts).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { parseSync } from 'subtitle';

const run = promisify(execFile);

export interface ExportedSubtitles {
  fileName: string;
  path: string;
  text: string;
}

/** Clicks Export SRT or Export VTT on the Translations panel and reads the downloaded file. */
export async function exportFromPanel(page: Page, format: 'SRT' | 'VTT'): Promise<ExportedSubtitles> {
  const panel = page.getByRole('region', { name: 'Translations' });
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: `Export ${format}` }).click()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), path, text: await readFile(path, 'utf8') };
}

export interface ReadCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** Cues as ffmpeg reads them: ffprobe's packet times, the text as ffmpeg re-encodes it to SubRip (escapes decoded). */
export async function ffmpegCues(path: string): Promise<ReadCue[]> {
  const { stdout: probed } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', path]);
  const { packets } = JSON.parse(probed) as { packets: Array<{ pts_time: string; duration_time: string }> };
  const { stdout: srt } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'srt', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const texts = srt
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map((block) => block.split(/\r?\n/).slice(2).join('\n'));
  return packets.map((packet, i) => {
    const startMs = Math.round(Number(packet.pts_time) * 1000);
    return { startMs, endMs: startMs + Math.round(Number(packet.duration_time) * 1000), text: texts[i] ?? '' };
  });
}

/** Cues as the `subtitle` package parses the file's text. */
export function packageCues(text: string): ReadCue[] {
  return parseSync(text).flatMap((node) => (node.type === 'cue' ? [{ startMs: node.data.start, endMs: node.data.end, text: node.data.text }] : []));
}

/** Marks a player reads but nobody sees: right-to-left mark, word joiner. */
export const invisible = (text: string) => text.replace(/[\u200f\u2060]/g, '');

/**
 * What is wrong with cues cut from rows at their times (empty when nothing): every row's start is
 * a cue's start and its end a cue's end, every cue lies inside one row, none is empty.
 */
export function timingFaults(cues: ReadCue[], rows: ReadonlyArray<{ startMs: number | null; endMs: number | null }>): string[] {
  const starts = new Set(cues.map((cue) => cue.startMs));
  const ends = new Set(cues.map((cue) => cue.endMs));
  return [
    ...rows.filter((row) => !starts.has(row.startMs!)).map((row) => `no cue starts at ${row.startMs} ms`),
    ...rows.filter((row) => !ends.has(row.endMs!)).map((row) => `no cue ends at ${row.endMs} ms`),
    ...cues.filter((cue) => !rows.some((row) => row.startMs! <= cue.startMs && cue.endMs <= row.endMs!)).map((cue) => `cue ${cue.startMs}–${cue.endMs} ms crosses a row's edge`),
    ...cues.filter((cue) => !invisible(cue.text).trim()).map((cue) => `cue at ${cue.startMs} ms is empty`),
  ];
}
