import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Job } from '../../../shared/contract/jobs';
import type { Recording, RecordingEvent } from '../../../shared/contract/recording';
import type { SearchHit } from '../../../shared/contract/history';
import type { TranscriptReading } from '../../../shared/contract/transcription';
import { createCore } from '../../../electron/core/core';
import type { MultipartLogBody } from '../../fake-service/script';
import { readManifest, writeManifest } from '../../../electron/core/services/recording/manifest';
import { memoryKeytar } from '../../support/memory-keytar';
import { fakeClock, framesOf, probedSeconds, readWav } from '../../support/recording';
import { testFolder } from '../../support/temp-folder';
import { fake, useFake } from '../../support/use-fake';

// A recording through the real core, as the page drives it (router calls, chunks through the
// door), to the fake service's transcript and back into the history with its markers.
useFake();

async function openCore(plan: 'free' | 'pro', options: { systemAudio?: boolean; dir?: string; whoSpoke?: 'real' } = {}) {
  const dir = options.dir ?? (await testFolder('confab-recording-'));
  const clock = fakeClock();
  const onRecordingTranscribed = vi.fn();
  const core = await createCore({
    userDataDir: dir,
    initialBaseUrl: fake.baseUrl,
    keytar: memoryKeytar(),
    recordingClock: clock,
    ...(options.whoSpoke !== 'real' && { onRecordingTranscribed }),
    ...(options.systemAudio && { systemAudio: () => ({ available: true, problem: null }) }),
  });
  let closed = false;
  onTestFinished(() => (closed ? undefined : core.close()));
  const sink = { send: (_channel: string, payload: unknown) => events.push((payload as { event: RecordingEvent }).event) };
  const events: RecordingEvent[] = [];
  async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw Object.assign(new Error(result.error.message), { problem: result.error.problem });
    return result.value as T;
  }
  await invoke('settings:update', { plan });
  await invoke('secrets:setKey', { key: fake.keys[plan], memoryOnly: true });
  const seqs = new Map<string, number>();
  return {
    core,
    dir,
    clock,
    invoke,
    events,
    onRecordingTranscribed,
    /** One second of audio from the page, one second of wall time after the last. */
    second(id: string, values: number[]) {
      clock.advance(1_000);
      const seq = seqs.get(id) ?? 0;
      seqs.set(id, seq + 1);
      return core.recording.append({ id, seq, pcm: framesOf(1, values) });
    },
    async close() {
      closed = true;
      await core.close();
    },
  };
}

describe('a recording through the core', () => {
  it('on Pro, goes from Start to a transcript the fake service made, with its markers, and tells who-spoke its tracks', async () => {
    const app = await openCore('pro', { systemAudio: true });
    expect(app.core.recording.running()).toBe(false);
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    expect(recording).toMatchObject({ state: 'recording', tracks: ['mic', 'system'] });
    expect(app.core.recording.running()).toBe(true);
    expect(app.core.recording.systemAudio()).toBe(true);
    await expect(app.invoke('recording:start', { system: false })).rejects.toMatchObject({ problem: { code: 'recording.already_running' } });

    for (let n = 0; n < 3; n++) expect(await app.second(recording.id, [800, -400])).toMatchObject({ ok: true });
    await app.invoke('recording:mark', { id: recording.id, at: 1.5 });
    await app.second(recording.id, [800, -400]);
    const before = fake.requests.length;
    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });

    expect(stopped).toMatchObject({ state: 'stopped', seconds: 4, markers: [{ at: 1.5, label: '' }] });
    expect(stopped.jobId).not.toBeNull();
    expect(app.core.recording.running()).toBe(false);
    // Queued, its tracks are its transcript's (who spoke): the page cannot discard them.
    await expect(app.invoke('recording:discard', { id: recording.id })).rejects.toMatchObject({ problem: { code: 'recording.not_waiting' } });
    await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === stopped.jobId)?.state, { timeout: 15_000 }).toBe('done');
    const upload = fake.requests.slice(before).find((request) => request.path === '/v1/audio/transcriptions')!;
    // Named in main's language and the local time it started (no colon: Windows refuses one in a file name).
    expect((upload.body as MultipartLogBody).file).toMatchObject({ mimeType: expect.stringContaining('wav'), filename: expect.stringMatching(/^Recording \d{4}-\d\d-\d\d \d\d\.\d\d\.wav$/) });
    expect((upload.body as MultipartLogBody).file!.size).toBe(44 + 4 * 32_000);

    const [summary] = await app.invoke<Array<{ id: string }>>('transcription:list');
    const reading = await app.invoke<TranscriptReading>('transcription:open', { id: summary!.id });
    expect(reading.transcript.markers).toEqual([{ at: 1.5, label: '' }]);
    const folder = join(app.dir, 'recordings', recording.id);
    expect(app.onRecordingTranscribed).toHaveBeenCalledWith(
      expect.objectContaining({
        recording: expect.objectContaining({ id: recording.id }),
        tracks: [
          { track: 'mic', path: join(folder, 'mic.wav') },
          { track: 'system', path: join(folder, 'system.wav') },
        ],
      }),
      summary!.id,
    );
    // The tracks stay with the recording for who-spoke; the mix went to the transcript as its audio.
    expect(readWav(join(folder, 'system.wav')).samples).toBe(4 * 16_000);
    expect(existsSync(join(folder, 'mixed.wav'))).toBe(false);
  });

  it('names who spoke from the tracks once the transcript is kept: the user by the name they gave, the system track "Others"', async () => {
    const app = await openCore('pro', { systemAudio: true, whoSpoke: 'real' });
    await app.invoke('settings:update', { speakerName: 'Dana' });
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    // The user speaks for three seconds, then the other side for three (the mic hears their echo 20 dB down).
    for (let n = 0; n < 3; n++) await app.second(recording.id, [9000, 0]);
    for (let n = 0; n < 3; n++) await app.second(recording.id, [900, 9000]);
    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === stopped.jobId)?.state, { timeout: 15_000 }).toBe('done');
    const [summary] = await app.invoke<Array<{ id: string }>>('transcription:list');
    const speakersOf = async () => (await app.invoke<TranscriptReading>('transcription:open', { id: summary!.id })).edits?.speakers ?? null;
    await expect.poll(speakersOf, { timeout: 10_000 }).not.toBeNull();
    const speakers = (await speakersOf())!;
    expect(speakers[0]).toBe('Dana');
    expect(speakers.filter((name) => name !== null)).toEqual(['Dana', 'Others']);
  });

  it('microphone only: "All of this is me" labels every row with the user\'s name in one undoable step, said before or after the transcript is kept; "Several people spoke" leaves the speakers', async () => {
    const app = await openCore('pro', { whoSpoke: 'real' });
    await app.invoke('settings:update', { speakerName: 'Dana' });
    const speakersOf = async (id: string) => (await app.invoke<TranscriptReading>('transcription:open', { id })).edits?.speakers ?? null;
    async function record() {
      const recording = await app.invoke<Recording>('recording:start', { system: false });
      for (let n = 0; n < 4; n++) await app.second(recording.id, [9000]);
      const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
      expect(stopped).toMatchObject({ tracks: ['mic'], whoSpoke: 'unasked' });
      return stopped;
    }
    const transcriptOf = async (stopped: Recording) => {
      await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === stopped.jobId)?.state, { timeout: 15_000 }).toBe('done');
      return (await app.invoke<Array<{ id: string }>>('transcription:list'))[0]!.id;
    };

    // Said at Stop, before the transcript comes: main keeps the answer and labels the transcript when it is kept.
    const first = await record();
    expect(await app.invoke<Recording>('recording:whoSpoke', { id: first.id, who: 'me' })).toMatchObject({ whoSpoke: 'me' });
    const mine = await transcriptOf(first);
    await expect.poll(() => speakersOf(mine), { timeout: 10_000 }).not.toBeNull();
    const speakers = (await speakersOf(mine))!;
    expect(speakers[0]).toBe('Dana');
    expect(new Set(speakers)).toEqual(new Set(['Dana']));
    // Named by the recording, found by that name.
    expect((await app.invoke<SearchHit[]>('history:search', { query: 'Dana' })).map((hit) => hit.kind === 'transcript' && hit.transcriptId)).toContain(mine);
    await app.invoke('transcriptEditor:undo', { id: mine });
    expect(await speakersOf(mine)).toBeNull();

    // Said after the transcript was kept: "several" leaves it for the user; "me" labels it at once.
    const second = await record();
    const theirs = await transcriptOf(second);
    await app.invoke('recording:whoSpoke', { id: second.id, who: 'several' });
    expect(await speakersOf(theirs)).toBeNull();
    await app.invoke('recording:whoSpoke', { id: second.id, who: 'me' });
    expect(new Set(await speakersOf(theirs))).toEqual(new Set(['Dana']));
    await expect(app.invoke('recording:whoSpoke', { id: 'no-such-recording', who: 'me' })).rejects.toMatchObject({ problem: { code: 'recording.gone' } });
  });

  it('keeps the who-spoke question of a microphone-only recording across a restart until answered; an old manifest is never asked', async () => {
    const dir = await testFolder('confab-recording-');
    const first = await openCore('free', { dir });
    await first.invoke('recording:watch');
    const recording = await first.invoke<Recording>('recording:start', { system: false });
    for (let n = 0; n < 2; n++) await first.second(recording.id, [700]);
    await first.invoke('recording:stop', { id: recording.id });
    await expect.poll(() => first.events.at(-1)?.askWhoSpoke).toMatchObject([{ id: recording.id, whoSpoke: 'unasked' }]);
    // A recording from before the question was kept: its manifest has no such field.
    const old = await first.invoke<Recording>('recording:start', { system: false });
    await first.second(old.id, [700]);
    await first.invoke('recording:stop', { id: old.id });
    await first.close();
    const oldFolder = join(dir, 'recordings', old.id);
    const { whoSpoke: _dropped, ...before } = readManifest(oldFolder)!;
    await writeManifest(oldFolder, before as Recording);

    // Quit before answering: the next start asks again, and only about the new one.
    const second = await openCore('free', { dir });
    await second.invoke('recording:watch');
    await expect.poll(() => second.events.at(-1)?.askWhoSpoke.map((asked) => asked.id)).toEqual([recording.id]);
    expect(second.events.at(-1)!.waiting.find((waiting) => waiting.id === old.id)).toMatchObject({ whoSpoke: null });
    await second.invoke('recording:whoSpoke', { id: recording.id, who: 'me' });
    await expect.poll(() => second.events.at(-1)?.askWhoSpoke).toEqual([]);
    await second.close();
    const third = await openCore('free', { dir });
    await third.invoke('recording:watch');
    await expect.poll(() => third.events.at(-1)?.askWhoSpoke).toEqual([]);
    // A discarded recording leaves the list with its folder.
    const discarded = await third.invoke<Recording>('recording:start', { system: false });
    await third.second(discarded.id, [700]);
    await third.invoke('recording:stop', { id: discarded.id });
    await expect.poll(() => third.events.at(-1)?.askWhoSpoke.map((asked) => asked.id)).toEqual([discarded.id]);
    await third.invoke('recording:discard', { id: discarded.id });
    await expect.poll(() => third.events.at(-1)?.askWhoSpoke).toEqual([]);
  });

  it('refuses to be told who spoke in a recording whose two tracks say it', async () => {
    const app = await openCore('free', { systemAudio: true });
    const recording = await app.invoke<Recording>('recording:start', { system: true });
    await app.second(recording.id, [800, -400]);
    await expect(app.invoke('recording:whoSpoke', { id: recording.id, who: 'me' })).rejects.toMatchObject({ problem: { code: 'recording.running' } });
    await app.invoke('recording:stop', { id: recording.id });
    await expect(app.invoke('recording:whoSpoke', { id: recording.id, who: 'me' })).rejects.toMatchObject({ problem: { code: 'recording.speakers_by_tracks' } });
  });

  it("keeps a recording's tracks as long as its transcript, across a restart, and removes them with it", async () => {
    const dir = await testFolder('confab-recording-');
    const first = await openCore('pro', { dir, systemAudio: true });
    const recording = await first.invoke<Recording>('recording:start', { system: true });
    for (let n = 0; n < 2; n++) await first.second(recording.id, [800, -400]);
    const stopped = await first.invoke<Recording>('recording:stop', { id: recording.id });
    await expect.poll(() => first.core.jobs.list().find((job: Job) => job.id === stopped.jobId)?.state, { timeout: 15_000 }).toBe('done');
    const [summary] = await first.invoke<Array<{ id: string }>>('transcription:list');
    // Clearing the finished job does not offer the recording again: its transcript is kept.
    await first.invoke('jobs:clearFinished');
    await first.invoke('recording:watch');
    await expect.poll(() => first.events.at(-1)?.waiting).toEqual([]);
    const folder = join(dir, 'recordings', recording.id);
    await expect.poll(() => existsSync(join(folder, 'transcript-id'))).toBe(true);
    await first.close();

    const second = await openCore('pro', { dir });
    expect(existsSync(join(folder, 'mic.wav'))).toBe(true);
    await second.invoke('transcription:remove', { id: summary!.id });
    expect(existsSync(folder)).toBe(false);
    await second.invoke('recording:watch');
    await expect.poll(() => second.events.at(-1)?.waiting).toEqual([]);
  });

  it('offers a recording again when its job is cancelled and removed, with every second of it', async () => {
    const app = await openCore('pro');
    await app.invoke('recording:watch');
    const recording = await app.invoke<Recording>('recording:start', { system: false });
    for (let n = 0; n < 3; n++) await app.second(recording.id, [600]);
    // The service holds its answer, so the job is still running when the user cancels it.
    fake.transcription.next({ latencyMs: 5_000 });
    const before = fake.requests.length;
    const stopped = await app.invoke<Recording>('recording:stop', { id: recording.id });
    const jobId = stopped.jobId!;
    await expect.poll(() => fake.requests.slice(before).some((request) => request.path === '/v1/audio/transcriptions'), { timeout: 10_000 }).toBe(true);
    await app.invoke('jobs:cancel', { id: jobId });
    await expect.poll(() => app.core.jobs.list().find((job: Job) => job.id === jobId)?.state).toBe('cancelled');
    expect(app.events.at(-1)?.waiting).toEqual([]);

    await app.invoke('jobs:remove', { id: jobId });
    await expect.poll(() => app.events.at(-1)?.waiting).toEqual([expect.objectContaining({ id: recording.id, state: 'stopped', jobId: null, seconds: 3 })]);
    const folder = join(app.dir, 'recordings', recording.id);
    expect(readManifest(folder)).toMatchObject({ state: 'stopped', jobId: null });
    expect(readWav(join(folder, 'mic.wav')).samples).toBe(3 * 16_000);

    // Transcribe is offered again and goes through.
    const job = await app.invoke<Job>('recording:transcribe', { id: recording.id });
    await expect.poll(() => app.core.jobs.list().find((queued) => queued.id === job.id)?.state, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => app.events.at(-1)?.waiting).toEqual([]);
  });

  it('refuses system audio where it cannot be had, before recording starts', async () => {
    const app = await openCore('pro');
    expect(await app.invoke('recording:capabilities')).toEqual({
      systemAudio: { available: false, problem: { code: 'recording.system_audio_unavailable', values: {} } },
    });
    await expect(app.invoke('recording:start', { system: true })).rejects.toMatchObject({ problem: { code: 'recording.system_audio_unavailable' } });
    expect(app.core.recording.running()).toBe(false);
  });

  it('on Free, a stopped recording waits with no job; Transcribe on Pro queues it later, Keep and Discard decide the rest', async () => {
    const app = await openCore('free');
    const first = await app.invoke<Recording>('recording:start', { system: false });
    await app.second(first.id, [500]);
    await app.second(first.id, [500]);
    expect(await app.invoke<Recording>('recording:stop', { id: first.id })).toMatchObject({ state: 'stopped', jobId: null, seconds: 2 });
    await expect(app.invoke('recording:transcribe', { id: first.id })).rejects.toMatchObject({ problem: { code: 'job.needs_pro' } });

    const second = await app.invoke<Recording>('recording:start', { system: false });
    expect(await app.second(second.id, [500])).toEqual({ ok: true });
    await app.invoke('recording:stop', { id: second.id });
    await app.invoke('recording:keep', { id: second.id });
    await app.invoke('recording:discard', { id: first.id });
    expect(existsSync(join(app.dir, 'recordings', first.id))).toBe(false);

    await app.invoke('recording:watch');
    await expect.poll(() => app.events.at(-1)?.waiting.map((recording) => [recording.id, recording.state])).toEqual([[second.id, 'kept']]);

    await app.invoke('settings:update', { plan: 'pro' });
    await app.invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
    const job = await app.invoke<Job>('recording:transcribe', { id: second.id });
    await expect.poll(() => app.core.jobs.list().find((queued) => queued.id === job.id)?.state, { timeout: 15_000 }).toBe('done');
    await expect.poll(() => app.events.at(-1)?.waiting).toEqual([]);
  });

  it('recovers a recording cut off mid-way at the next start: repaired, playable, waiting', async () => {
    const dir = await testFolder('confab-recording-');
    const first = await openCore('free', { dir, systemAudio: true });
    const recording = await first.invoke<Recording>('recording:start', { system: true });
    for (let n = 0; n < 3; n++) await first.second(recording.id, [700, 300]);
    await first.invoke('recording:mark', { id: recording.id, at: 2 });
    const folder = join(dir, 'recordings', recording.id);
    const crashed = readManifest(folder)!;
    expect(crashed.state).toBe('recording');
    await first.close();
    // What a crash leaves: the manifest still says recording, and a chunk half written (its
    // samples on disk, one track torn mid-sample, neither header counting them).
    await writeManifest(folder, crashed);
    appendFileSync(join(folder, 'mic.wav'), Buffer.alloc(16_001, 9));
    appendFileSync(join(folder, 'system.wav'), Buffer.alloc(24_000, 9));

    const second = await openCore('free', { dir });
    await second.invoke('recording:watch');
    await expect.poll(() => second.events.at(-1)?.waiting[0]).toMatchObject({
      id: recording.id,
      state: 'recovered',
      seconds: 3.5,
      markers: [{ at: 2, label: '' }],
      problem: { code: 'recording.recovered', values: { seconds: 4 } },
    });
    for (const track of ['mic', 'system']) expect(await probedSeconds(join(folder, `${track}.wav`))).toBeCloseTo(3.5, 2);
    await second.invoke('recording:keep', { id: recording.id });
    await expect.poll(() => second.events.at(-1)?.waiting[0]?.state).toBe('kept');
  });
});
