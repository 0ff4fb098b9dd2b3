import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRequest } from '../../shared/contract/jobs';
import { createAudioSplitter } from '../../electron/core/services/audio-split';
import { createJobFiles } from '../../electron/core/services/jobs/job-files';
import { createJobQueue } from '../../electron/core/services/jobs/job-queue';
import { openJobStore } from '../../electron/core/services/jobs/job-store';
import { makeLongRecording } from '../support/long-audio';

/**
 * Issue 28, point 1: a long file at the service's pace. Main's job queue with the real splitter
 * (pass 1 planned as it is read, parts made and sent while the rest is read, 3 in flight) on a
 * 60-minute and a 3-hour meeting MP3 made here, against a stand-in service that answers each
 * part after a fixed time (the service's own wait; the upload itself is not part of it).
 * Printed per length: drop (the job added) → the first part at the service (target < 10 s), and
 * (time to the transcript with a service taking 20 s a part − the same with one that answers at
 * once) ÷ 20 s: how many times the service's wait was paid (target ≤ 1.5). PACE_BENCH_MINUTES=60
 * measures the hour alone. Figures are printed; nothing here fails a run.
 */
const LATENCY_MS = 20_000;
const IN_FLIGHT = 3;
const REQUEST: JobRequest = { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word', 'segment'] };

export async function paceBench(): Promise<string[]> {
  const lines = [machine('start')];
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-pace-'));
  try {
    const only = Number(process.env.PACE_BENCH_MINUTES) || null;
    const cases = [
      { minutes: 60, name: 'meeting-60min.mp3' },
      { minutes: 180, name: 'meeting-3h.mp3' },
    ].filter((spec) => only === null || spec.minutes === only);
    for (const spec of cases) {
      const recording = await makeLongRecording(dir, { ...spec, sampleRate: 22_050, bitrate: '64k' });
      const instant = await runJob(recording.path, join(dir, 'instant'), 0);
      const slow = await runJob(recording.path, join(dir, 'slow'), LATENCY_MS);
      const label = `pace ${spec.minutes} min`;
      lines.push(
        `${label}: drop → first part at the service ${seconds(slow.firstMs)} with a 20 s service (${seconds(instant.firstMs)} with an instant one; target < 10 s); ${slow.parts} parts, at most ${slow.mostInFlight} in flight`,
        `${label}: drop → transcript ${seconds(slow.doneMs)} with a 20 s service, ${seconds(instant.doneMs)} with an instant one: (${seconds(slow.doneMs)} − ${seconds(instant.doneMs)}) ÷ 20 s = ${((slow.doneMs - instant.doneMs) / LATENCY_MS).toFixed(2)} (target ≤ 1.5)`,
      );
      await rm(recording.path, { force: true });
    }
    lines.push(machine('end'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

interface Run {
  firstMs: number;
  doneMs: number;
  parts: number;
  mostInFlight: number;
}

/** One job from its drop to its transcript, in a fresh queue of its own. */
async function runJob(source: string, dir: string, latencyMs: number): Promise<Run> {
  await rm(dir, { recursive: true, force: true });
  const staged = join(tmpdir(), `confab-pace-${process.pid}.mp3`);
  await copyFile(source, staged);
  const { size } = await stat(staged);
  const splitter = createAudioSplitter();
  await mkdir(dir, { recursive: true });
  const arrivals: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let started = 0;
  const queue = createJobQueue({
    store: openJobStore(join(dir, 'jobs.sqlite')),
    files: createJobFiles(join(dir, 'jobs')),
    takeStaged: () => ({ path: staged, name: 'meeting.mp3', size, format: 'mp3', mimeType: 'audio/mpeg' }),
    run: {
      splitter,
      async transcribe(file, _request, { onProgress }) {
        arrivals.push(performance.now() - started);
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        onProgress(file.size);
        await new Promise((resolve) => setTimeout(resolve, latencyMs));
        inFlight--;
        const text = `heard ${file.name}`;
        return { ok: true, transcript: { format: 'verbose_json', text, raw: '', language: 'en', duration: 1, segments: [{ id: 0, start: 0, end: 1, text }], words: [{ word: 'heard', start: 0, end: 0.5 }] } };
      },
      keep: () => undefined,
      partsInFlight: () => IN_FLIGHT,
      speakerNames: () => [],
    },
  });
  try {
    started = performance.now();
    const { id } = queue.add({ fileId: 'meeting', request: REQUEST });
    const state = await new Promise<string>((resolve) => {
      const stop = queue.onJobEvent((event) => {
        if (event.type === 'job' && event.job.id === id && ['done', 'failed'].includes(event.job.state)) {
          stop();
          resolve(event.job.state);
        }
      });
    });
    const doneMs = performance.now() - started;
    if (state !== 'done') throw new Error(`the job ${state}: ${JSON.stringify(queue.list()[0]?.problem ?? queue.list()[0]?.failure)}`);
    return { firstMs: arrivals[0]!, doneMs, parts: queue.list()[0]!.parts.length, mostInFlight };
  } finally {
    // Ends the splitter's processes too.
    await queue.close();
    await rm(dir, { recursive: true, force: true });
    await rm(staged, { force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function machine(when: string): string {
  const [one, five] = loadavg();
  return `pace: machine at ${when}: ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min)`;
}
