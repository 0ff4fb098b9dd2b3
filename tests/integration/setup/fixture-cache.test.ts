import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type AudioFixtures, FIXTURE_CACHE, audioFixtures } from '../../support/audio';

/** A cache folder of this test's own, standing in for the run's (tests/setup/temp-run.ts). */
async function ownCache(): Promise<string> {
  const cache = await mkdtemp(join(tmpdir(), 'confab-fixture-cache-'));
  const saved = process.env[FIXTURE_CACHE];
  process.env[FIXTURE_CACHE] = cache;
  onTestFinished(async () => {
    if (saved === undefined) delete process.env[FIXTURE_CACHE];
    else process.env[FIXTURE_CACHE] = saved;
    await rm(cache, { recursive: true, force: true });
  });
  return cache;
}

/** A file's fixtures, closed when the test ends. */
async function fileFixtures(): Promise<AudioFixtures> {
  const audio = await audioFixtures();
  onTestFinished(() => audio.close());
  return audio;
}

/** Runs `body` where none of espeak-ng, sox and ffmpeg can be found. */
async function withoutAudioTools<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = join(tmpdir(), 'no-tools-here');
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

const meeting = (audio: AudioFixtures) =>
  audio.speak('said.wav', 'The fixture is made once a run.').then((spoken) => audio.pad(spoken, 'padded.wav', 1)).then((padded) => audio.convert(padded, 'padded.webm'));

describe("the run's fixture cache", () => {
  it("makes a recording once per run: the next file's fixtures copy it, with no audio tool run", async () => {
    const cache = await ownCache();
    const made = await readFile(await meeting(await fileFixtures()));
    expect((await readdir(cache)).sort()).toHaveLength(3);

    const next = await fileFixtures();
    const copied = await withoutAudioTools(() => meeting(next));
    expect(copied).toBe(next.path('padded.webm'));
    expect(await readFile(copied)).toEqual(made);
  });

  it("gives each file a copy of its own: a file that changes its recording leaves the next file's as made", async () => {
    await ownCache();
    const first = await fileFixtures();
    const spoken = await first.speak('said.wav', 'Each file gets its own copy.');
    const made = await readFile(spoken);
    await writeFile(spoken, 'not audio any more');

    const next = await fileFixtures();
    const copy = await withoutAudioTools(() => next.speak('said.wav', 'Each file gets its own copy.'));
    expect(await readFile(copy)).toEqual(made);
  });

  it('makes again what it has not made: another text, and a conversion of a file it did not make', async () => {
    await ownCache();
    const first = await fileFixtures();
    await first.speak('said.wav', 'One sentence.');
    const next = await fileFixtures();
    await expect(withoutAudioTools(() => next.speak('said.wav', 'Another sentence.'))).rejects.toThrow(/ENOENT/);

    const foreign = await next.write('foreign.wav', await readFile(first.path('said.wav')));
    await first.convert(first.path('said.wav'), 'said.webm');
    await expect(withoutAudioTools(() => next.convert(foreign, 'foreign.webm'))).rejects.toThrow(/ENOENT/);
  });
});
