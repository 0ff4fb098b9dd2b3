// Real recordings for the transcription tests, made at test time: espeak-ng speaks a
// sentence to WAV, sox pads it with silence, ffmpeg converts it to the compressed formats.
// All three are Debian packages installed here and in CI.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface AudioFixtures {
  dir: string;
  /** Path of a file in the fixtures folder. */
  path(name: string): string;
  /** espeak-ng saying `text`, as WAV (22.05 kHz mono 16-bit). */
  speak(name: string, text: string): Promise<string>;
  /** `input` with `seconds` of silence added at the end (sox). */
  pad(input: string, name: string, seconds: number): Promise<string>;
  /** `input` converted by ffmpeg; the output's extension picks the container and codec. */
  convert(input: string, name: string): Promise<string>;
  /** Any bytes, for files that are not audio. */
  write(name: string, bytes: Uint8Array | string): Promise<string>;
  /** Seconds, as ffprobe reads the container. */
  duration(path: string): Promise<number>;
  close(): Promise<void>;
}

export async function audioFixtures(): Promise<AudioFixtures> {
  const dir = await mkdtemp(join(tmpdir(), 'confab-audio-'));
  const path = (name: string) => join(dir, name);
  return {
    dir,
    path,
    async speak(name, text) {
      // espeak-ng's audio library makes a pulse-* folder in the temp folder even when it only
      // writes a file: it goes in the fixtures folder, removed with it.
      await run('espeak-ng', ['-v', 'en', '-s', '150', '-w', path(name), text], { env: { ...process.env, TMPDIR: dir } });
      return path(name);
    },
    async pad(input, name, seconds) {
      await run('sox', [input, path(name), 'pad', '0', String(seconds)]);
      return path(name);
    },
    async convert(input, name) {
      await run('ffmpeg', ['-y', '-v', 'error', '-i', input, path(name)]);
      return path(name);
    },
    async write(name, bytes) {
      await writeFile(path(name), bytes);
      return path(name);
    },
    async duration(file) {
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
      return Number(stdout.trim());
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** ffprobe's packet times of a subtitle file: one packet per cue. */
export async function subtitlePackets(file: string): Promise<Array<{ start: number; end: number }>> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'json', file]);
  const { packets } = JSON.parse(stdout) as { packets: Array<{ pts_time: string; duration_time: string }> };
  return packets.map((p) => ({ start: Number(p.pts_time), end: Number(p.pts_time) + Number(p.duration_time) }));
}
