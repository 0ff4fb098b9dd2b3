// Real recordings for the transcription tests, made at test time: espeak-ng speaks a
// sentence to WAV, sox pads it with silence, ffmpeg converts it to the compressed formats.
// All three are Debian packages installed here and in CI. Within a test run each recording is
// made once (the run's fixture cache, tests/setup/temp-run.ts) and copied into the folder of
// every file that asks for it, so a file may change its copy.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The run's fixture cache folder, where temp-run.ts makes one (none outside a test run: the bench). */
export const FIXTURE_CACHE = 'CONFAB_TEST_FIXTURES';

/**
 * Gives `out` the recording `recipe` describes: copied from the run's cache, or made by `make`
 * (into a folder of its own, for its tools' temp files) and put in the cache under the recipe's
 * hash by a rename, so a file reading the cache never sees half a recording. No recipe (an input
 * the fixtures did not make) or no cache: made in place.
 */
async function fromCache(recipe: string | undefined, out: string, make: (out: string, temp: string) => Promise<void>): Promise<void> {
  const cache = process.env[FIXTURE_CACHE];
  if (!cache || !recipe) return make(out, join(out, '..'));
  const cached = join(cache, createHash('sha256').update(recipe).digest('hex') + extname(out));
  if (!(await stat(cached).catch(() => null))) {
    const making = await mkdtemp(join(cache, 'making-'));
    try {
      await make(join(making, `made${extname(out)}`), making);
      await rename(join(making, `made${extname(out)}`), cached);
    } finally {
      await rm(making, { recursive: true, force: true });
    }
  }
  await copyFile(cached, out);
}

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
  /** What made each recording of this folder, by path: the key of what is made from it. */
  const recipes = new Map<string, string>();
  const made = async (name: string, recipe: string | undefined, make: (out: string, temp: string) => Promise<void>) => {
    await fromCache(recipe, path(name), make);
    if (recipe) recipes.set(path(name), recipe);
    return path(name);
  };
  return {
    dir,
    path,
    speak: (name, text) =>
      // espeak-ng's audio library makes a pulse-* folder in the temp folder even when it only
      // writes a file: it goes in a folder removed after it.
      made(name, JSON.stringify(['espeak-ng', extname(name), text]), (out, temp) =>
        run('espeak-ng', ['-v', 'en', '-s', '150', '-w', out, text], { env: { ...process.env, TMPDIR: temp } }).then(() => {}),
      ),
    pad: (input, name, seconds) =>
      made(name, recipes.has(input) ? JSON.stringify(['sox pad', extname(name), seconds, recipes.get(input)]) : undefined, (out) =>
        run('sox', [input, out, 'pad', '0', String(seconds)]).then(() => {}),
      ),
    convert: (input, name) =>
      made(name, recipes.has(input) ? JSON.stringify(['ffmpeg', extname(name), recipes.get(input)]) : undefined, (out) =>
        run('ffmpeg', ['-y', '-v', 'error', '-i', input, out]).then(() => {}),
      ),
    async write(name, bytes) {
      recipes.delete(path(name));
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
