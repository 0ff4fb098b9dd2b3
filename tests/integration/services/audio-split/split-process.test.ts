import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { createAudioSplitter } from '../../../../electron/core/services/audio-split';
import { testFolder } from '../../../support/temp-folder';

// The splitter's process per request, as a user's machine would see it: it reports its memory,
// and it does not outlive main when main is killed (a crash, kill -9), which would leave it
// decoding, and writing into a job's folder, with nobody to take its answer.

const run = promisify(execFile);

/** Ten minutes of a tone, as a WAV made here: long enough that a plan is still running when main is killed. */
async function longTone(dir: string): Promise<string> {
  const path = join(dir, 'tone.wav');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=600', '-c:a', 'pcm_s16le', path]);
  return path;
}

/** Whether `pid` still runs (a zombie, ended but not yet reaped, does not). */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

describe("the splitter's processes", () => {
  it("measures a recording in stretches, a process each, each reporting its own peak memory", async () => {
    const path = await longTone(await testFolder('confab-split-process-'));
    const peaks: Array<[number, string]> = [];
    const splitter = createAudioSplitter({ onPeakRss: (...peak) => peaks.push(peak) });
    const plan = await splitter.plan({ path, signal: new AbortController().signal });
    expect(plan.durationSeconds).toBeCloseTo(600, 0);
    // Ten minutes are measured in two stretches, a process each.
    expect(peaks.map(([, request]) => request).sort()).toEqual(['measure', 'plan']);
    // A Node process with the codecs loaded holds tens of MB at least; this is not main's figure.
    for (const [kib] of peaks) expect(kib).toBeGreaterThan(20 * 1024);
    await splitter.close();
  });

  it('ends, its part unwritten, when the process that started it is killed', async () => {
    const dir = await testFolder('confab-split-orphan-');
    const path = await longTone(dir);
    const outPath = join(dir, 'part-0.webm');
    const main = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../../support/splitting-main.ts'), path, outPath], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(main, 'exit');
    const [line] = await once(createInterface({ input: main.stdout! }), 'line');
    const { children } = JSON.parse(line as string) as { children: number[] };
    expect(children).toHaveLength(1);
    const part = children[0]!;
    expect(await running(part)).toBe(true);
    main.kill('SIGKILL');
    await exited;
    await vi.waitFor(async () => expect(await running(part)).toBe(false), { timeout: 60_000, interval: 50 });
    // Gone before it finished: an orphan that went on would have written the ten-minute part.
    expect(await stat(outPath).catch(() => null)).toBeNull();
  });
});
