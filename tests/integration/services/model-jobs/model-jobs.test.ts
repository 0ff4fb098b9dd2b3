import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../../../shared/contract/jobs';
import type { ModelJobEvent } from '../../../../shared/contract/modelJobs';
import { createCore } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import type { FinishedModelJob, ModelJobHandler } from '../../../../electron/core/services/model-jobs/model-job-handler';
import { createModelJobQueue, type ModelJobQueue } from '../../../../electron/core/services/model-jobs/model-job-queue';
import { openModelJobStore } from '../../../../electron/core/services/model-jobs/model-job-store';
import { type ModelRequests, createModelRequests } from '../../../../electron/core/services/model-requests/model-requests';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { makeWav } from '../../../fake-service/testing';
import { memoryKeytar } from '../../../support/memory-keytar';
import { removeFolder } from '../../../support/temp-folder';

// Model jobs against the fake over real HTTP, with their real SQLite store: parts kept as they
// finish, resumed after the queue was dropped mid-job, and never queued behind a transcription.
let fake: FakeService;
let dir: string;
const finished: FinishedModelJob[] = [];
const events: ModelJobEvent[] = [];

/** A feature's handler as notes' would be: one JSON answer per part, echoing its rows. */
const echo = (models: ModelRequests): ModelJobHandler => ({
  run: (part, io) =>
    models.askJson({ model: part.model, messages: [{ role: 'user', content: (part.items as string[]).join('\n') }], schema: z.object({ echo: z.string() }), signal: io.signal, onText: io.onText }),
  finish: (job) => void finished.push(job),
  size: (item) => (item as string).length,
});

function openQueue(): ModelJobQueue {
  const models = createModelRequests({ service: createServiceClient({ fetch, baseUrl: () => fake.baseUrl, apiKey: async () => fake.keys.pro }), plan: () => 'pro', dataDir: dir });
  const queue = createModelJobQueue({ store: openModelJobStore(join(dir, 'jobs.sqlite')), models, partsInFlight: () => 1 });
  queue.register('echo', echo(models));
  queue.onEvent((event) => events.push(event));
  return queue;
}

const rows = Array.from({ length: 3 }, (_, i) => `ROW-${i} ${'said '.repeat(20)}`.slice(0, 100));
/** How many chat requests carried this row. */
const sent = (row: string) => fake.requests.filter((request) => JSON.stringify(request.body ?? '').includes(row.slice(0, 6))).length;

beforeAll(async () => {
  fake = await startFakeService({ defaultIntervalMs: 0 });
});
beforeEach(async () => {
  fake.reset();
  finished.splice(0);
  events.splice(0);
  dir = await mkdtemp(join(tmpdir(), 'confab-model-jobs-'));
  return () => removeFolder(dir);
});
afterAll(() => fake.close());

describe('model jobs', () => {
  it('resumes after the queue was dropped mid-job without sending a finished part again', async () => {
    const first = openQueue();
    fake.chat.next({});
    // The second part's answer never comes before the queue goes.
    fake.chat.next({ latencyMs: 60_000 });
    const job = first.add({ kind: 'echo', subject: 'transcript-1', items: rows, partSize: 100 });
    expect(job).toMatchObject({ partsTotal: 3, partsDone: 0 });
    await expect.poll(() => first.get(job.id)?.partsDone).toBe(1);
    await expect.poll(() => sent(rows[1]!)).toBe(1);
    await first.close();

    const second = openQueue();
    await expect.poll(() => second.get(job.id)?.state, { timeout: 10_000 }).toBe('done');
    expect([sent(rows[0]!), sent(rows[2]!)]).toEqual([1, 1]);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.parts.map((part) => (part.result as { echo: string }).echo)).toEqual(rows);
    expect(second.get(job.id)).toMatchObject({ partsDone: 3, usage: { total_tokens: expect.any(Number) } });
    expect(second.get(job.id)!.usage.total_tokens).toBeGreaterThan(0);
    // The answers' text was on the contract as it came.
    expect(events.some((event) => event.type === 'text' && event.id === job.id && event.text.length > 0)).toBe(true);
    await second.close();
  });

  it('goes on after the core was closed mid-job, from its last finished part', async () => {
    const keytar = memoryKeytar();
    const open = async () => {
      const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl, keytar });
      // Notes registers its handler as the core is built; a job left from the last run waits for it.
      core.models.jobs.register('echo', echo(core.models.requests));
      return core;
    };
    const first = await open();
    const sink: EventSink = { send: () => undefined };
    // One part at a time, so the first is done before the second is sent.
    await first.router.invoke('settings:update', { plan: 'pro', partsInFlight: 1 }, sink);
    await first.router.invoke('secrets:setKey', { key: fake.keys.pro }, sink);
    fake.chat.next({});
    fake.chat.next({ latencyMs: 60_000 });
    const job = first.models.jobs.add({ kind: 'echo', items: rows, partSize: 100 });
    await expect.poll(() => sent(rows[1]!)).toBe(1);
    expect(first.models.jobs.get(job.id)).toMatchObject({ partsDone: 1 });
    await first.close();

    const second = await open();
    await expect.poll(() => second.models.jobs.get(job.id)?.state, { timeout: 10_000 }).toBe('done');
    expect([sent(rows[0]!), sent(rows[1]!), sent(rows[2]!)]).toEqual([1, 2, 1]);
    await second.close();
  });

  it('keeps what is done on Cancel and waits on a 429', async () => {
    const queue = openQueue();
    fake.chat.next({});
    fake.chat.next({ latencyMs: 60_000 });
    const job = queue.add({ kind: 'echo', items: rows, partSize: 100 });
    await expect.poll(() => sent(rows[1]!)).toBe(1);
    queue.cancel(job.id);
    await expect.poll(() => queue.get(job.id)?.state).toBe('cancelled');
    expect(queue.get(job.id)).toMatchObject({ partsDone: 1 });

    fake.chat.next({ status: 429, headers: { 'Retry-After': '1' } });
    queue.resume(job.id);
    await expect.poll(() => queue.get(job.id)?.state, { timeout: 10_000 }).toBe('done');
    expect(events.some((event) => event.type === 'job' && event.job.id === job.id && event.job.waitUntil !== null)).toBe(true);
    expect(sent(rows[0]!)).toBe(1);
    await queue.close();
  });

  it('splits a part too long for the model and goes on', async () => {
    const queue = openQueue();
    // One part of all three rows, which the model cannot take: halved, and on it goes.
    fake.setContextLimit(250);
    const long = queue.add({ kind: 'echo', items: rows });
    expect(long.partsTotal).toBe(1);
    await expect.poll(() => queue.get(long.id)?.state, { timeout: 10_000 }).toBe('done');
    expect(queue.get(long.id)!.partsTotal).toBeGreaterThan(1);
    expect(finished.at(-1)!.parts.flatMap((part) => part.items)).toEqual(rows);
    await queue.close();
  });

  it('runs while a long transcription is in its own queue', async () => {
    const core = await createCore({ userDataDir: dir, initialBaseUrl: fake.baseUrl });
    // What a page watching the model jobs receives.
    const watched: ModelJobEvent[] = [];
    const sink: EventSink = { send: (channel, payload) => void (channel === 'modelJobs:watch:event' && watched.push((payload as { event: ModelJobEvent }).event)) };
    const invoke = async <T>(channel: string, payload?: unknown) => {
      const result = await core.router.invoke(channel, payload, sink);
      if (!result.ok) throw new Error(result.error.message);
      return result.value as T;
    };
    await invoke('settings:update', { plan: 'pro' });
    await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
    core.models.jobs.register('echo', echo(core.models.requests));
    await invoke('modelJobs:watch');

    const path = join(dir, 'meeting.wav');
    await writeFile(path, makeWav(3000));
    const staged = await core.files.staging.fromPath(path, 'meeting.wav', 'original');
    if (!staged.ok) throw new Error(staged.problem.code);
    fake.transcription.next({ latencyMs: 60_000 });
    const transcription = await invoke<Job>('jobs:add', { fileId: staged.file.fileId, request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [] } });
    await expect.poll(() => core.jobs.list().find((job) => job.id === transcription.id)?.state).toBe('running');

    const job = core.models.jobs.add({ kind: 'echo', items: rows, partSize: 100 });
    await expect.poll(() => core.models.jobs.get(job.id)?.state, { timeout: 10_000 }).toBe('done');
    expect(core.jobs.list().find((other) => other.id === transcription.id)?.state).toBe('running');
    // Progress and tokens used reached the page, part by part.
    const views = watched.flatMap((event) => (event.type === 'job' && event.job.id === job.id ? [event.job] : []));
    expect(views.map((view) => view.partsDone)).toEqual(expect.arrayContaining([1, 2, 3]));
    expect(views.at(-1)).toMatchObject({ state: 'done', partsTotal: 3, usage: { total_tokens: core.models.jobs.get(job.id)!.usage.total_tokens } });
    await expect(invoke('modelJobs:remove', { id: 'gone' })).rejects.toThrow(/model_job\.gone/);
    await invoke('modelJobs:remove', { id: job.id });
    expect(core.models.jobs.get(job.id)).toBeNull();

    await invoke('jobs:cancel', { id: transcription.id });
    await core.close();
    await rm(path, { force: true });
  });
});
