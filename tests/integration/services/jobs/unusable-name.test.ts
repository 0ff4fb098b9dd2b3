import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobEvent } from '../../../../shared/contract/jobs';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import { createCore, type Core } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { makeWav } from '../../../fake-service/testing';
import { lastTranscriptionRequest } from '../../../support/transcription';
import { removeFolder } from '../../../support/temp-folder';

// The reported defect: a file named `../` was sent to the service with an empty name, and the
// service's 400 for it was said to need a Pro plan. Main names it from its content instead.
let fake: FakeService;
let core: Core;
let dataDir: string;
const views = new Map<string, Job>();
const sink: EventSink = {
  send: (_channel, payload) => {
    const { event } = payload as { event: JobEvent };
    for (const job of event.type === 'jobs' ? event.jobs : event.type === 'job' ? [event.job] : []) views.set(job.id, job);
  },
};
async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), 'confab-unusable-name-'));
  core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl });
  await invoke('settings:update', { plan: 'pro' });
  await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
  await invoke('jobs:watch');
});
afterAll(async () => {
  await core.close();
  await fake.close();
  await removeFolder(dataDir);
});

describe('a file whose name has nothing usable in it', () => {
  it('is uploaded and titled "audio" plus its detected extension, and transcribed', async () => {
    const staged = await core.files.staging.fromBytes(makeWav(2000), '../', 'original');
    if (!staged.ok) throw new Error(JSON.stringify(staged.problem));
    const job = await invoke<Job>('jobs:add', {
      fileId: staged.file.fileId,
      request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [] },
    });
    await expect.poll(() => views.get(job.id)?.state, { timeout: 15_000 }).toMatch(/^(done|failed)$/);
    expect(lastTranscriptionRequest(fake)?.file?.filename).toBe('audio.wav');
    expect(views.get(job.id)).toMatchObject({ state: 'done', fileName: 'audio.wav' });
    const record = await invoke<TranscriptRecord>('transcription:open', { id: views.get(job.id)!.recordId });
    expect(record).toMatchObject({ fileName: 'audio.wav' });
  });
});
