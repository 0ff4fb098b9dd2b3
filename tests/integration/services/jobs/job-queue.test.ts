import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job, JobEvent, JobRequest } from '../../../../shared/contract/jobs';
import { MAX_UPLOAD_BYTES, type TranscriptRecord } from '../../../../shared/contract/transcription';
import { Problem } from '../../../../shared/domain/problem';
import type { Transcript } from '../../../../shared/domain/transcript';
import type { AudioSplitter, SplitPlan, SplitProgress } from '../../../../electron/core/services/audio-split/types';
import { createJobFiles } from '../../../../electron/core/services/jobs/job-files';
import { type JobQueue, createJobQueue } from '../../../../electron/core/services/jobs/job-queue';
import { openJobStore } from '../../../../electron/core/services/jobs/job-store';
import type { RunDeps } from '../../../../electron/core/services/jobs/run-job';
import type { Transcribed } from '../../../../electron/core/services/transcription/transcribe-file';
import { testFolder } from '../../../support/temp-folder';

// The queue with real SQLite and real files; the splitter and the service are fakes that
// record what they were asked.

const REQUEST: JobRequest = { model: 'speech-1', language: '', prompt: 'Team sync.', responseFormat: 'verbose_json', granularities: ['word', 'segment'] };
const RATE = 1000;
const PART_SECONDS = 600;

const said = (text: string, end = 5): Transcript => ({
  format: 'verbose_json',
  text,
  raw: '',
  language: 'en',
  duration: end,
  segments: [{ id: 0, start: 0, end, text }],
  words: text.split(' ').map((word, i) => ({ word, start: i * 0.5, end: i * 0.5 + 0.4 })),
});

interface Sent {
  name: string;
  prompt: string;
  bytes: string;
}
type Answer = (sent: Sent, signal: AbortSignal) => Promise<Transcribed> | Transcribed;

async function setup(dir: string, parts = 3, inFlight = 1) {
  const sent: Sent[] = [];
  const encodes: number[] = [];
  const kept: Array<{ record: TranscriptRecord; audio: string }> = [];
  const answers: Answer[] = [];
  /**
   * Runs inside each encode, before it answers: reports progress, or holds it. `plan`, when set,
   * makes the plan grow: it runs before each cut is decided (told with the part count so far).
   */
  const hooks: { encode?: (index: number, report: (progress: SplitProgress) => void) => Promise<void>; plan?: (told: number) => Promise<void> } = {};
  /** How many parts each reading of the recording started with (a resumed plan's). */
  const readings: number[] = [];
  const splitter: AudioSplitter = {
    async plan({ known, onPlan }) {
      const cuts = Array.from({ length: parts }, (_, index) => ({ index, startSample: index * PART_SECONDS * RATE, endSample: (index + 1) * PART_SECONDS * RATE }));
      const whole: SplitPlan = { sampleRate: RATE, primingSamples: 0, durationSeconds: parts * PART_SECONDS, complete: true, cuts };
      readings.push(known?.cuts.length ?? 0);
      if (!hooks.plan) return whole;
      for (let told = known?.cuts.length ?? 0; told < parts; told++) {
        await hooks.plan(told);
        if (told < parts - 1) onPlan?.({ ...whole, durationSeconds: null, complete: false, cuts: cuts.slice(0, told + 1) });
      }
      return whole;
    },
    async encodePart({ index, outPath, onProgress }) {
      encodes.push(index);
      await hooks.encode?.(index, (progress) => onProgress?.(progress));
      // Every encode differs, so a resent part shows whether its bytes were made again.
      writeFileSync(outPath, `part ${index} encode ${encodes.length}`);
      return { index, path: outPath, bytes: 20, mimeType: 'audio/webm', startSeconds: index * PART_SECONDS, durationSeconds: PART_SECONDS };
    },
    close: async () => undefined,
  };
  const run: Omit<RunDeps, 'partPath'> = {
    splitter,
    async transcribe(file, request, options) {
      const entry = { name: file.name, prompt: request.prompt, bytes: readFileSync(file.path, 'utf8') };
      sent.push(entry);
      options.onProgress(file.size);
      const answer = answers.shift();
      return answer ? answer(entry, options.signal) : { ok: true, transcript: said(`words of ${file.name}`) };
    },
    keep: (record, audio) => void kept.push({ record, audio }),
    partsInFlight: () => inFlight,
    speakerNames: () => [],
  };
  const staged = join(dir, 'staging');
  const open = () => createJobQueue({
    store: openJobStore(join(dir, 'jobs.sqlite')),
    files: createJobFiles(join(dir, 'jobs')),
    takeStaged: (fileId) => {
      const path = join(dir, `${fileId}.wav`);
      const size = fileId.startsWith('long') ? MAX_UPLOAD_BYTES + 1 : 1000;
      writeFileSync(path, 'audio');
      return { path, name: `${fileId}.wav`, size, format: 'wav', mimeType: 'audio/wav' };
    },
    run,
  });
  return { sent, encodes, kept, answers, hooks, readings, open, staged };
}

/** Resolves when the queue says a job reached `state`. */
function reaches(queue: JobQueue, id: string, state: string) {
  return new Promise<void>((resolve) => {
    if (queue.list().find((job) => job.id === id)?.state === state) return resolve();
    const stop = queue.onJobEvent((event) => {
      if (event.type === 'job' && event.job.id === id && event.job.state === state) {
        stop();
        resolve();
      }
    });
  });
}

/** Resolves with the job as the queue first tells it matching `seen`. */
function until(queue: JobQueue, id: string, seen: (job: Job) => boolean) {
  return new Promise<Job>((resolve) => {
    const stop = queue.onJobEvent((event) => {
      if (event.type === 'job' && event.job.id === id && seen(event.job)) {
        stop();
        resolve(event.job);
      }
    });
  });
}

const hang: Answer = (_sent, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, stopped: true })));

describe('the transcription queue', () => {
  it('runs a job queued → running → done, saves the transcript with its recording, and tells a watcher the state first', async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    const job = queue.add({ fileId: 'short', request: REQUEST });
    // Nothing else is running, so it starts at once.
    expect(job.state).toBe('running');
    const seen: JobEvent[] = [];
    const watching = new AbortController();
    const watched = queue.watch((event) => seen.push(event), watching.signal);
    expect(seen[0]).toMatchObject({ type: 'jobs', jobs: [{ id: job.id }] });
    await reaches(queue, job.id, 'done');
    const states = seen.flatMap((event) => (event.type === 'job' ? [event.job.state] : []));
    expect(states.at(-1)).toBe('done');
    expect(t.kept).toHaveLength(1);
    expect(t.kept[0]!.record.transcript.text).toBe('words of short.wav');
    expect(queue.list()[0]!.recordId).toBe(t.kept[0]!.record.id);
    watching.abort();
    await watched;
    queue.clearFinished();
    expect(queue.list()).toEqual([]);
    await queue.close();
  });

  it("keeps a failed job with the service's message, and Retry sends it again", async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    const failure = { kind: 'server' as const, reason: null, status: 500, code: null, message: 'The backend is restarting.', host: '127.0.0.1', retryAfterSeconds: null };
    t.answers.push(() => ({ ok: false, failure }));
    const { id } = queue.add({ fileId: 'short', request: REQUEST });
    await reaches(queue, id, 'failed');
    expect(queue.list()[0]!.failure).toEqual(failure);
    queue.retry(id);
    await reaches(queue, id, 'done');
    expect(t.sent).toHaveLength(2);
    await queue.close();
  });

  it('splits a long recording once, prompts every part with the prompt and glossary alone, and merges with true offsets', async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    const { id } = queue.add({ fileId: 'long', request: { ...REQUEST, glossary: 'Confab, Ngozi' } });
    await reaches(queue, id, 'done');
    expect(t.sent.map((s) => s.name)).toEqual([1, 2, 3].map((n) => `long (part ${n} of 3).webm`));
    expect(t.sent.map((s) => s.prompt)).toEqual(Array(3).fill('Team sync. Confab, Ngozi'));
    const { transcript } = t.kept[0]!.record;
    expect(transcript.segments.map((s) => s.start)).toEqual([0, 600, 1200]);
    expect(transcript.duration).toBe(1800);
    expect(transcript.warnings).toEqual([]);
    expect(queue.list()[0]!.parts.map((p) => p.state)).toEqual(['done', 'done', 'done']);
    await queue.close();
  });

  it('sends the first parts while the rest of the recording is still read, and shows it reading until the plan is complete', async () => {
    const t = await setup(await testFolder('jobs-'), 3, 3);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    t.hooks.plan = async (told) => {
      if (told === 2) await held;
    };
    const queue = t.open();
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    // Two parts are planned, the third is not: both are sent, named without a count yet.
    await expect.poll(() => t.sent.length).toBe(2);
    expect(t.sent.map((s) => s.name)).toEqual(['long (part 1).webm', 'long (part 2).webm']);
    const reading = queue.list()[0]!;
    expect(reading).toMatchObject({ state: 'running', step: 'planning', durationSeconds: null });
    expect(reading.parts.map((p) => p.state)).toEqual(['done', 'done']);
    release();
    await reaches(queue, id, 'done');
    expect(t.sent.map((s) => s.name)).toEqual(['long (part 1).webm', 'long (part 2).webm', 'long (part 3 of 3).webm']);
    expect(t.kept[0]!.record.transcript.segments.map((s) => s.start)).toEqual([0, 600, 1200]);
    expect(t.kept[0]!.record.transcript.duration).toBe(1800);
    await queue.close();
  });

  it('keeps the parts planned and sent when reading fails mid-plan; Retry reads on from the last one and sends none of them again', async () => {
    const t = await setup(await testFolder('jobs-'), 4, 3);
    let fail = true;
    t.hooks.plan = async (told) => {
      if (told === 2 && fail) {
        // Both planned parts are back before the reading fails.
        await expect.poll(() => queue.list()[0]!.parts.filter((p) => p.state === 'done').length).toBe(2);
        fail = false;
        throw new Problem('split.failed', { detail: 'the disk went away' });
      }
    };
    const queue = t.open();
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    await reaches(queue, id, 'failed');
    expect(queue.list()[0]!.problem).toEqual({ code: 'split.failed', values: { detail: 'the disk went away' } });
    expect(queue.list()[0]!.parts.map((p) => p.state)).toEqual(['done', 'done']);
    queue.retry(id);
    await reaches(queue, id, 'done');
    // The second reading started after the two stored parts.
    expect(t.readings).toEqual([0, 2]);
    expect(t.sent.map((s) => s.name.slice(6, 12))).toEqual(['part 1', 'part 2', 'part 3', 'part 4']);
    expect(t.kept[0]!.record.transcript.segments.map((s) => s.start)).toEqual([0, 600, 1200, 1800]);
    await queue.close();
  });

  it('reads a plan stored before plans grew (no `complete`) as whole: Resume sends its parts without reading the recording again', async () => {
    const dir = await testFolder('jobs-');
    const t = await setup(dir, 2);
    const first = t.open();
    t.answers.push(() => ({ ok: true, transcript: said('one') }), hang);
    const { id } = first.add({ fileId: 'long', request: REQUEST });
    await expect.poll(() => t.sent.length).toBe(2);
    // The row as an older Confab wrote it: the same plan, without `complete`.
    const store = openJobStore(join(dir, 'jobs.sqlite'));
    const [job] = store.all();
    const { complete: _complete, ...older } = job!.plan!;
    store.save({ ...job!, state: 'running', plan: older as SplitPlan });
    store.close();
    const second = t.open();
    expect(second.list()[0]).toMatchObject({ state: 'interrupted', durationSeconds: 2 * PART_SECONDS });
    second.resume(id);
    await reaches(second, id, 'done');
    expect(t.readings).toEqual([0]);
    expect(t.sent.map((s) => s.name)).toEqual(['long (part 1 of 2).webm', 'long (part 2 of 2).webm', 'long (part 2 of 2).webm']);
    await second.close();
    await first.close();
  });

  it('tells how far the part whose turn it is has been made; the next one, made meanwhile, is not shown', async () => {
    const t = await setup(await testFolder('jobs-'), 2);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    t.hooks.encode = async (index, report) => {
      report({ doneSeconds: index === 0 ? 150 : 450, totalSeconds: PART_SECONDS });
      if (index === 0) await held;
    };
    const queue = t.open();
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    const shown = await until(queue, id, (job) => (job.prepared?.doneSeconds ?? 0) > 0);
    expect(shown).toMatchObject({ step: 'transcribing', currentPart: 0, prepared: { doneSeconds: 150, totalSeconds: PART_SECONDS } });
    expect(shown.parts.map((part) => part.state)).toEqual(['encoding', 'waiting']);
    // Part 2 was made alongside (and said 450 s): still part 1's progress on screen.
    expect(t.encodes).toEqual([0, 1]);
    expect(queue.list()[0]!.prepared).toEqual({ doneSeconds: 150, totalSeconds: PART_SECONDS });
    release();
    await reaches(queue, id, 'done');
    expect(queue.list()[0]!.prepared).toBeNull();
    await queue.close();
  });

  it('sends a looping part once more as it was, and flags it when it still loops', async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    const loop = said('Thank you for watching. '.repeat(8).trim());
    t.answers.push(
      () => ({ ok: true, transcript: said('first part') }),
      () => ({ ok: true, transcript: loop }),
      () => ({ ok: true, transcript: said('second part, heard right') }),
      () => ({ ok: true, transcript: said('third part', 700) }),
      () => ({ ok: true, transcript: said('third part', 700) }),
    );
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    await reaches(queue, id, 'done');
    expect(t.sent.map((s) => [s.name.slice(6, 15), s.prompt])).toEqual([
      ['part 1 of', 'Team sync.'],
      ['part 2 of', 'Team sync.'],
      ['part 2 of', 'Team sync.'],
      ['part 3 of', 'Team sync.'],
      ['part 3 of', 'Team sync.'],
    ]);
    const { transcript } = t.kept[0]!.record;
    expect(transcript.text).toBe('first part second part, heard right third part');
    expect(transcript.warnings).toEqual([{ start: 1200, end: 1800, part: 3, problem: { code: 'part_check.timings_overrun', values: { end: 700, length: 600 } } }]);
    await queue.close();
  });

  it('keeps a failed part\'s encoded file, so Retry sends the same bytes and no part that was done', async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    const failure = { kind: 'server' as const, reason: null, status: 500, code: null, message: 'Broken.', host: null, retryAfterSeconds: null };
    t.answers.push(() => ({ ok: true, transcript: said('one') }), () => ({ ok: false, failure }));
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    await reaches(queue, id, 'failed');
    expect(queue.list()[0]!.parts.map((p) => p.state)).toEqual(['done', 'failed', 'waiting']);
    queue.retry(id);
    await reaches(queue, id, 'done');
    expect(t.sent.map((s) => s.name.slice(6, 15))).toEqual(['part 1 of', 'part 2 of', 'part 2 of', 'part 3 of']);
    expect(t.sent[1]!.bytes).toBe(t.sent[2]!.bytes);
    expect(t.encodes).toEqual([0, 1, 2]);
    await queue.close();
  });

  it('shows a job that was running when Confab ended as interrupted; Resume sends only the parts not done', async () => {
    const dir = await testFolder('jobs-');
    const t = await setup(dir, 4);
    const first = t.open();
    t.answers.push(() => ({ ok: true, transcript: said('one') }), () => ({ ok: true, transcript: said('two') }), hang);
    const { id } = first.add({ fileId: 'long', request: REQUEST });
    await expect.poll(() => t.sent.length).toBe(3);
    // The process dies: nothing of the first queue is closed or told; a new one opens the same files.
    const second = t.open();
    const job = second.list()[0]!;
    expect(job.state).toBe('interrupted');
    expect(job.parts.map((p) => p.state)).toEqual(['done', 'done', 'waiting', 'waiting']);
    const inFlight = t.sent[2]!.bytes;
    second.resume(id);
    await reaches(second, id, 'done');
    expect(t.sent.map((s) => s.name.slice(6, 15))).toEqual(['part 1 of', 'part 2 of', 'part 3 of', 'part 3 of', 'part 4 of']);
    // The part in flight went again with the bytes it had.
    expect(t.sent[3]!.bytes).toBe(inFlight);
    expect(t.kept[0]!.record.transcript.segments.map((s) => s.start)).toEqual([0, 600, 1200, 1800]);
    await second.close();
    await first.close();
  });

  it('sends up to the set number of parts at once, counts their bytes together, and merges in part order whatever order they come back in', async () => {
    const t = await setup(await testFolder('jobs-'), 5, 3);
    const queue = t.open();
    const held: Array<() => void> = [];
    const later = (sent: Sent): Promise<Transcribed> => new Promise((resolve) => held.push(() => resolve({ ok: true, transcript: said(`heard ${sent.name.slice(6, 12)}`) })));
    t.answers.push(later, later, later, later, later);
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    const three = await until(queue, id, (job) => job.partsInFlight === 3 && job.sentBytes === 60);
    expect(t.sent.map((s) => s.name.slice(6, 12))).toEqual(['part 1', 'part 2', 'part 3']);
    expect(three.parts.map((p) => p.state)).toEqual(['transcribing', 'transcribing', 'transcribing', 'waiting', 'waiting']);
    expect([three.sentBytes, three.totalBytes]).toEqual([60, 60]);
    // Part 3 comes back first: part 4 takes its slot, and the merge still goes by part.
    held[2]!();
    await expect.poll(() => t.sent.length).toBe(4);
    for (const release of [1, 0, 3]) held[release]!();
    await expect.poll(() => held.length).toBe(5);
    held[4]!();
    await reaches(queue, id, 'done');
    const { transcript } = t.kept[0]!.record;
    expect(transcript.text).toBe('heard part 1 heard part 2 heard part 3 heard part 4 heard part 5');
    expect(transcript.segments.map((seg) => seg.start)).toEqual([0, 600, 1200, 1800, 2400]);
    await queue.close();
  });

  it('waits as a 429 asks, says so in the job, and sends the rate-limited part again, once, with the same bytes', async () => {
    const t = await setup(await testFolder('jobs-'), 3, 3);
    const queue = t.open();
    const limited = { kind: 'rate_limit' as const, reason: null, status: 429, code: null, message: 'Slow down.', host: null, retryAfterSeconds: 1 };
    t.answers.push(() => ({ ok: true, transcript: said('one') }), () => ({ ok: false, failure: limited }));
    const { id } = queue.add({ fileId: 'long', request: REQUEST });
    const waiting = await until(queue, id, (job) => job.wait !== null);
    expect(waiting.wait).toEqual({ code: 'job.rate_limited', values: { seconds: 1 } });
    await reaches(queue, id, 'done');
    const names = t.sent.map((s) => s.name.slice(6, 12));
    expect(names.filter((name) => name === 'part 2')).toHaveLength(2);
    const [first, again] = t.sent.filter((s) => s.name.includes('part 2'));
    expect(again!.bytes).toBe(first!.bytes);
    expect(queue.list()[0]!.failure).toBeNull();
    expect(t.kept[0]!.record.transcript.segments.map((seg) => seg.start)).toEqual([0, 600, 1200]);
    await queue.close();
  });

  it('cancels a running job at once and a queued one before it starts; Retry of a cancelled one goes on', async () => {
    const t = await setup(await testFolder('jobs-'));
    const queue = t.open();
    t.answers.push(hang);
    const running = queue.add({ fileId: 'short', request: REQUEST });
    const waiting = queue.add({ fileId: 'short-2', request: REQUEST });
    await expect.poll(() => t.sent.length).toBe(1);
    queue.cancel(waiting.id);
    queue.cancel(running.id);
    await reaches(queue, running.id, 'cancelled');
    expect(queue.list().map((j) => j.state)).toEqual(['cancelled', 'cancelled']);
    expect(t.sent).toHaveLength(1);
    queue.retry(waiting.id);
    await reaches(queue, waiting.id, 'done');
    await queue.close();
  });

  it('runs jobs in the order the user set, keeps that order across a restart, and removes a job with its files', async () => {
    const dir = await testFolder('jobs-');
    const t = await setup(dir);
    const queue = t.open();
    t.answers.push(hang);
    const a = queue.add({ fileId: 'a', request: REQUEST });
    const b = queue.add({ fileId: 'b', request: REQUEST });
    const c = queue.add({ fileId: 'c', request: REQUEST });
    await expect.poll(() => t.sent.length).toBe(1);
    queue.reorder(c.id, b.id);
    expect(queue.list().map((j) => j.fileName)).toEqual(['a.wav', 'c.wav', 'b.wav']);
    expect(() => queue.remove(a.id)).toThrow(expect.objectContaining({ code: 'job.running' }));
    queue.cancel(a.id);
    await reaches(queue, b.id, 'done');
    expect(t.sent.map((s) => s.name)).toEqual(['a.wav', 'c.wav', 'b.wav']);
    queue.remove(a.id);
    expect(existsSync(join(dir, 'jobs', a.id))).toBe(false);
    await queue.close();
    const again = t.open();
    expect(again.list().map((j) => [j.fileName, j.state])).toEqual([['c.wav', 'done'], ['b.wav', 'done']]);
    await again.close();
  });
});
