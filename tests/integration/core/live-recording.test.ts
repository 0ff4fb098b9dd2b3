import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Job } from '../../../shared/contract/jobs';
import type { Recording } from '../../../shared/contract/recording';
import type { TranscriptReading } from '../../../shared/contract/transcription';
import { createCore } from '../../../electron/core/core';
import type { MultipartLogBody } from '../../fake-service/script';
import { speech } from '../../support/live-audio';
import { memoryKeytar } from '../../support/memory-keytar';
import { fakeClock } from '../../support/recording';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// A recording transcribed while it runs, through the real core and the fake service: parts cut
// every ~3 s in the pauses of the speech, sent before Stop, and handed to the job at Stop.
useFake();

const RATE = 16_000;
const PAUSES = [[2.8, 3.2], [5.9, 6.3], [9.0, 9.4]] as const;
const AUDIO = speech(10, PAUSES);

async function openCore(dir: string) {
  const clock = fakeClock();
  const core = await createCore({
    userDataDir: dir,
    initialBaseUrl: fake.baseUrl,
    keytar: memoryKeytar(),
    recordingClock: clock,
    liveCuts: { targetSeconds: 3, searchRadiusSeconds: 0.5 },
    onRecordingTranscribed: () => undefined,
  });
  let closed = false;
  onTestFinished(() => (closed ? undefined : core.close()));
  async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, { send: () => undefined });
    if (!result.ok) throw Object.assign(new Error(result.error.message), { problem: result.error.problem });
    return result.value as T;
  }
  await invoke('settings:update', { plan: 'pro' });
  await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
  return {
    core,
    invoke,
    /** The page's chunks, one a second of wall time, from `from` to `to` seconds of the speech. */
    async record(id: string, from: number, to: number) {
      for (let second = from; second < to; second++) {
        clock.advance(1_000);
        const pcm = AUDIO.subarray(second * RATE * 2, (second + 1) * RATE * 2);
        expect(await core.recording.append({ id, seq: second, pcm: new Uint8Array(pcm) })).toMatchObject({ ok: true });
      }
    },
    async close() {
      closed = true;
      await core.close();
    },
  };
}

const uploads = () => fake.requests.filter((request) => request.path === '/v1/audio/transcriptions');
const doneJob = (core: Awaited<ReturnType<typeof openCore>>['core'], id: string) =>
  expect.poll(() => core.jobs.list().find((job: Job) => job.id === id)?.state, { timeout: 20_000 }).toBe('done');

// Each part is encoded by a process of its own: on a loaded two-core machine three took over 10 s (seen twice).
describe('a recording transcribed while it runs', { timeout: 90_000 }, () => {
  it('sends its parts while recording; Stop sends only the last and the transcript covers all of it', async () => {
    const dir = await testFolder('confab-live-');
    const app = await openCore(dir);
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    await app.record(recording.id, 0, 10);
    // Three parts went before Stop, each the mix of its stretch as Opus in WebM, with word timings asked for.
    await expect.poll(() => uploads().filter((upload) => upload.status === 200).length, { timeout: 30_000 }).toBe(3);
    const live = uploads().map((upload) => (upload.body as MultipartLogBody));
    expect(live.map((body) => body.file!.filename)).toEqual(['part 1.webm', 'part 2.webm', 'part 3.webm']);
    expect(live.every((body) => body.fields.response_format === 'verbose_json')).toBe(true);
    expect(live.every((body) => body.file!.mimeType === 'audio/webm')).toBe(true);
    // The fake reads each part's length from its WebM header: together they hold the recording so far.
    // Main keeps each answer once it has read it, a moment after the fake logged it as sent: waited for, not assumed.
    const keptPath = (index: number) => join(dir, 'recordings', recording.id, 'live', `part-00${index}.json`);
    const readKept = () => [0, 1, 2].map((index) => JSON.parse(readFileSync(keptPath(index), 'utf8')) as { transcript: { duration: number } });
    await expect.poll(() => [0, 1, 2].every((index) => existsSync(keptPath(index))) && readKept().length).toBe(3);
    const kept = readKept();
    expect(kept.reduce((sum, result) => sum + result.transcript.duration, 0)).toBeGreaterThan(8.5);

    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    await doneJob(app.core, stopped.jobId!);
    // Only the rest after the last cut was sent after Stop.
    const after = uploads().slice(3);
    expect(after).toHaveLength(1);
    expect((after[0]!.body as MultipartLogBody).file!.filename).toMatch(/\(part 4 of 4\)\.webm$/);

    const [summary] = await app.invoke<Array<{ id: string }>>('transcription:list');
    const reading = await app.invoke<TranscriptReading>('transcription:open', { id: summary!.id });
    // The merged words run from the start to the end of the recording, in order, each part's at its offset.
    const starts = reading.transcript.words.map((word) => word.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeLessThan(1);
    expect(reading.transcript.words.at(-1)!.end).toBeGreaterThan(9.2);
    expect(reading.transcript.words.some((word) => word.start > 3.3 && word.start < 5.8)).toBe(true);
  });

  it('awaits the parts still in flight at Stop rather than sending them twice', async () => {
    const app = await openCore(await testFolder('confab-live-'));
    // Long enough that all three are still held when Stop comes: each is encoded to Opus before it goes.
    fake.setLatency(5_000);
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    await app.record(recording.id, 0, 10);
    await expect.poll(() => uploads().length, { timeout: 30_000 }).toBe(3);
    // Stopped while the service still holds all three.
    expect(uploads().every((upload) => upload.status === undefined)).toBe(true);
    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    await doneJob(app.core, stopped.jobId!);
    expect(uploads().map((upload) => (upload.body as MultipartLogBody).file!.filename)).toEqual(['part 1.webm', 'part 2.webm', 'part 3.webm', expect.stringMatching(/\(part 4 of 4\)\.webm$/)]);
  });

  it('keeps the parts sent while recording for the next Transcribe when its job is cancelled and removed', async () => {
    const app = await openCore(await testFolder('confab-live-'));
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    await app.record(recording.id, 0, 10);
    await expect.poll(() => uploads().filter((upload) => upload.status === 200).length, { timeout: 30_000 }).toBe(3);
    // The service holds the job's answer, so the job is still running when the user cancels it.
    fake.transcription.next({ latencyMs: 5_000 });
    const { jobId } = await app.invoke<Recording>('recording:stop', { id: recording.id });
    await expect.poll(() => uploads().length, { timeout: 30_000 }).toBe(4);
    await app.invoke('jobs:cancel', { id: jobId });
    await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === jobId)?.state).toBe('cancelled');
    await app.invoke('jobs:remove', { id: jobId });

    await expect.poll(async () => (await app.invoke<Job>('recording:transcribe', { id: recording.id }).catch(() => null))?.id ?? null).not.toBeNull();
    const job = app.core.jobs.list().find((queued: Job) => queued.id !== jobId)!;
    await doneJob(app.core, job.id);
    // Only the last part again: the three sent while recording were kept.
    expect(uploads().slice(4).map((upload) => (upload.body as MultipartLogBody).file!.filename)).toEqual([expect.stringMatching(/\(part 4 of 4\)\.webm$/)]);
  });

  it('keeps the parts transcribed when Confab closes mid-recording; Transcribe after the restart sends only the rest', async () => {
    const dir = await testFolder('confab-live-');
    const first = await openCore(dir);
    const recording = await first.invoke<Recording>('recording:start', { system: false });
    await first.record(recording.id, 0, 8);
    await expect.poll(() => uploads().filter((upload) => upload.status === 200).length, { timeout: 30_000 }).toBe(2);
    await expect.poll(() => existsSync(join(dir, 'recordings', recording.id, 'live', 'part-001.json'))).toBe(true);
    await first.close();

    const second = await openCore(dir);
    const job = await second.invoke<Job>('recording:transcribe', { id: recording.id });
    await doneJob(second.core, job.id);
    const after = uploads().slice(2);
    // The two parts kept were not sent again: only the rest, one part.
    expect(after.map((upload) => (upload.body as MultipartLogBody).file!.filename)).toEqual([expect.stringMatching(/\(part 3 of 3\)\.webm$/)]);
  });
});
