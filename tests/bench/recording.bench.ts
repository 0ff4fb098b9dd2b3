import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadRecordings } from '../../electron/core/services/recording/recovery';
import { nodeTrackFs } from '../../electron/core/services/recording/track-fs';
import { framesOf, probedSeconds, queuelessRecorder } from '../support/recording';
import { killMidRecording } from '../support/recording-crash';
import { recordingPageBench } from './recording-page';

const REAL_TIME_SECONDS = 30;
const LONG_MINUTES = 60;
const REPORT_EVERY_MINUTES = 10;
const MB = 1024 * 1024;

/** A recorder as main runs it, on its own folder, with the clock the bench gives (none of the queue). */
const recorder = (dir: string, now: () => number) => queuelessRecorder(dir, { clock: { now, every: () => () => undefined } });

/**
 * Issue 27's figures for main's recorder: audio lost by a kill -9 mid-recording (both tracks),
 * main's CPU per second of two-track audio fed in real time, and main's memory while 60 minutes
 * of two-track chunks are appended as fast as the disk takes them; then main + page recording
 * through the real recorder in the browser harness (recording-page.ts; `recording page` runs it
 * alone). Printed; nothing fails a run.
 */
export async function recordingBench(only = process.argv[3]): Promise<string[]> {
  // `npm run bench -- recording page`: the browser harness's part alone, the one to iterate on.
  if (only === 'page') return recordingPageBench();
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-recording-'));
  const lines: string[] = [];
  try {
    // 1. kill -9: what the next start recovers against what the killed process said was written.
    const crashDir = join(dir, 'crash');
    const { id, written } = await killMidRecording(crashDir, 30);
    await loadRecordings(join(crashDir, 'recordings'), nodeTrackFs);
    const kept = await Promise.all(['mic', 'system'].map((track) => probedSeconds(join(crashDir, 'recordings', id, `${track}.wav`))));
    const lost = kept.map((seconds) => Math.max(0, written - seconds));
    lines.push(
      `recording: kill -9 after ${written} s reported written → recovered mic ${kept[0]!.toFixed(2)} s, system ${kept[1]!.toFixed(2)} s; ` +
        `lost ${lost.map((seconds) => seconds.toFixed(2)).join(' / ')} s (target ≤ 2 s each)`,
    );

    // 2. CPU: one 1 s two-track chunk a second, as the page sends them, for REAL_TIME_SECONDS.
    const live = await recorder(join(dir, 'live'), Date.now);
    const chunk = framesOf(1, [1200, -800]);
    const started = await live.start({ system: true });
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    for (let seq = 0; seq < REAL_TIME_SECONDS; seq++) {
      await sleep(Math.max(0, wallBefore + (seq + 1) * 1000 - performance.now()));
      const outcome = await live.append({ id: started.id, seq, pcm: chunk });
      if (!outcome.ok) throw new Error(outcome.problem.code);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const wall = performance.now() - wallBefore;
    await live.close();
    const share = (cpu.user + cpu.system) / 1000 / wall;
    lines.push(
      `recording: main's CPU appending ${REAL_TIME_SECONDS} s of two-track audio in real time → ${(share * 100).toFixed(2)} % of one core ` +
        `(user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms over ${(wall / 1000).toFixed(1)} s; load ${loadavg()[0]!.toFixed(1)}) (target ≤ 5 % with the page)`,
    );

    // 3. Memory: 60 minutes of chunks as fast as they are written, the clock a second a chunk.
    let now = Date.now();
    const long = await recorder(join(dir, 'long'), () => now);
    const { id: longId } = await long.start({ system: true });
    const samples: string[] = [];
    const appendStarted = performance.now();
    for (let seq = 0; seq < LONG_MINUTES * 60; seq++) {
      now += 1000;
      const outcome = await long.append({ id: longId, seq, pcm: chunk });
      if (!outcome.ok) throw new Error(outcome.problem.code);
      if ((seq + 1) % (REPORT_EVERY_MINUTES * 60) === 0) {
        const memory = process.memoryUsage();
        samples.push(`${(seq + 1) / 60} min: rss ${(memory.rss / MB).toFixed(1)} MB, heap ${(memory.heapUsed / MB).toFixed(1)} MB`);
      }
    }
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    await long.close();
    lines.push(`recording: main's memory while ${LONG_MINUTES} min of two-track chunks were appended (${appendSeconds.toFixed(1)} s, flushed each) → ${samples.join('; ')} (target flat)`);
    return [...lines, ...(await recordingPageBench())];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
