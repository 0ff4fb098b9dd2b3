import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeLongRecording } from '../support/long-audio';

const run = promisify(execFile);

/**
 * Issue 14, item 3: the splitter in main (electron/core/services/audio-split), in a process of its
 * own (split-child.ts), on a 60-minute and a 3-hour meeting MP3 made here. Printed per length:
 * the wall time of the whole split (pass 1 and every part) ÷ FFmpeg decoding the same file and
 * encoding it to mono Opus 32 kbit/s, measured one after the other in the same run (target
 * ≤ 1.5); and each splitting process's peak RSS (getrusage maxrss, reported by the process:
 * every thread of it), which should not grow with the length. SPLIT_BENCH_MINUTES=60 measures the hour alone;
 * SPLIT_BENCH_PARTS_AT_ONCE=1 encodes the parts one after another (the job makes two at a time).
 * Figures are printed; nothing here fails a run.
 */
export async function splitBench(): Promise<string[]> {
  const lines = [machine('start')];
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-split-'));
  try {
    const only = Number(process.env.SPLIT_BENCH_MINUTES) || null;
    const cases = [
      { minutes: 60, name: 'meeting-60min.mp3' },
      { minutes: 180, name: 'meeting-3h.mp3' },
    ].filter((spec) => only === null || spec.minutes === only);
    for (const spec of cases) {
      const made = performance.now();
      const recording = await makeLongRecording(dir, { ...spec, sampleRate: 22_050, bitrate: '64k' });
      lines.push(`split: made ${spec.name} (${mb(recording.size)}, 22.05 kHz mono MP3 64k) in ${seconds(performance.now() - made)}`);
      try {
        lines.push(...(await measure(recording.path, dir, spec.minutes)));
      } catch (error) {
        lines.push(`split: ${spec.name} could not be measured: ${(error as Error).message.split('\n')[0]}`);
      }
      await rm(recording.path, { force: true });
    }
    lines.push(machine('end'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

interface ChildResult {
  planMs: number;
  wallMs: number;
  parts: Array<{ seconds: number; bytes: number }>;
  atOnce: number;
  durationSeconds: number;
  baselineKb: number;
  peakKb: number;
  /** Each splitter process's peak: pass 1's (one per stretch), then one per part. */
  planPeaksKb: number[];
  partPeaksKb: number[];
}

async function measure(path: string, dir: string, minutes: number): Promise<string[]> {
  const reference = join(dir, 'ffmpeg.webm');
  const ffmpegStarted = performance.now();
  await run('ffmpeg', ['-v', 'error', '-y', '-i', path, '-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', reference]);
  const ffmpegMs = performance.now() - ffmpegStarted;
  await rm(reference, { force: true });

  const result = await splitInChild(path, dir);
  const sizes = result.parts.map((part) => part.bytes);
  const label = `${minutes} min`;
  return [
    `split ${label}: whole split ${seconds(result.wallMs)} (pass 1 ${seconds(result.planMs)}, ${result.parts.length} parts ${result.atOnce} at a time ${seconds(result.wallMs - result.planMs)}) ÷ ffmpeg decode + Opus encode ${seconds(ffmpegMs)} = ${(result.wallMs / ffmpegMs).toFixed(2)} (target ≤ 1.5)`,
    `split ${label}: parts ${result.parts.map((p) => `${(p.seconds / 60).toFixed(1)} min/${mb(p.bytes)}`).join(', ')} (largest ${mb(Math.max(...sizes))}, limit 25.0 MB)`,
    `split ${label}: peak RSS of each splitting process: pass 1 ${result.planPeaksKb.map((kb) => mb(kb * 1024)).join(' + ')}, parts ${result.partPeaksKb.map((kb) => mb(kb * 1024)).join(', ')} (largest ${mb(Math.max(...result.planPeaksKb, ...result.partPeaksKb) * 1024)}); the process driving them (main's part) ${mb(result.peakKb * 1024)} (${mb(result.baselineKb * 1024)} before the split)`,
  ];
}

async function splitInChild(path: string, dir: string): Promise<ChildResult> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', join(import.meta.dirname, 'split-child.ts'), path, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let errors = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the split failed (${code}): ${errors.trim()}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function machine(when: string): string {
  const [one, five] = loadavg();
  return `split: machine at ${when}: ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min)`;
}
