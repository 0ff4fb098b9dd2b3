import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_REQUEST } from '../../../../shared/contract/jobs';
import type { Plan } from '../../../../shared/domain/plan-rules';
import { createDictationService } from '../../../../electron/core/services/dictation/dictation-service';
import { createStaging } from '../../../../electron/core/services/intake/staging';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { transcribeFile } from '../../../../electron/core/services/transcription/transcribe-file';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { testFolder } from '../../../support/temp-folder';

// Main's dictation against the fake over real HTTP, with clips staged as the page stages them
// (raw 16 kHz s16le): what is sent, what is not, and what is kept for Retry.
const RATE = 16_000;
let fake: FakeService;

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());

/** A clip: `parts` of [seconds, amplitude 0..1] one after the other, a 300 Hz tone at each amplitude. */
function clip(...parts: Array<[seconds: number, amplitude: number]>): Uint8Array {
  const samples: number[] = [];
  for (const [seconds, amplitude] of parts) {
    for (let i = 0; i < seconds * RATE; i++) samples.push(Math.round(amplitude * 0x7fff * Math.sin((2 * Math.PI * 300 * samples.length) / RATE)));
  }
  return new Uint8Array(Int16Array.from(samples).buffer);
}

async function setUp(plan: { value: Plan } = { value: 'pro' }, folder?: string) {
  const dir = folder ?? (await testFolder('confab-dictation-'));
  const staging = createStaging(join(dir, 'staging'));
  const service = createServiceClient({ fetch, baseUrl: () => fake.baseUrl, apiKey: async () => fake.keys.pro });
  const dictation = createDictationService({
    staging,
    plan: () => plan.value,
    defaults: () => DEFAULT_JOB_REQUEST,
    transcribe: (file, request, options) => transcribeFile(service, file, request, options),
  });
  const stage = async (bytes: Uint8Array) => {
    const outcome = await staging.fromBytes(bytes, 'Dictation', 'dictation');
    if (!outcome.ok) throw new Error(outcome.problem.code);
    return outcome.file.fileId;
  };
  return { staging, dictation, stage, plan, dir };
}

const uploads = () => fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).length;

describe('dictation in main', () => {
  it('sends speech as a 16 kHz WAV and answers its text, then forgets the clip', async () => {
    const { dictation, stage, staging } = await setUp();
    const fileId = await stage(clip([0.3, 0], [0.5, 0.3], [0.3, 0]));
    fake.transcription.next({ text: ' Hello from the microphone. ' });
    const before = uploads();
    expect(await dictation.transcribe({ fileId, language: 'en' })).toEqual({ ok: true, text: 'Hello from the microphone.' });
    expect(uploads()).toBe(before + 1);
    const sent = fake.requests.at(-1)!.body as { fields: Record<string, string>; file: { filename: string; mimeType: string; size: number } };
    expect(sent.fields).toMatchObject({ model: DEFAULT_JOB_REQUEST.model, language: 'en', response_format: 'json' });
    expect(sent.file).toMatchObject({ filename: 'dictation.wav', mimeType: 'audio/wav', size: 44 + 1.1 * RATE * 2 });
    expect(staging.find(fileId)).toBeUndefined();
  });

  it.each([
    ['digital silence', clip([2, 0])],
    ['a quiet room (a tone at -66 dBFS)', clip([2, 0.0005])],
    ['a click shorter than a syllable', clip([0.5, 0], [0.08, 0.8], [0.5, 0])],
  ])('sends nothing for %s and answers no text', async (_name, bytes) => {
    const { dictation, stage, staging } = await setUp();
    const fileId = await stage(bytes);
    const before = uploads();
    expect(await dictation.transcribe({ fileId })).toEqual({ ok: true, text: '' });
    expect(uploads()).toBe(before);
    expect(staging.find(fileId)).toBeUndefined();
  });

  it('refuses on the Free plan without sending, and keeps the clip for after the change', async () => {
    const { dictation, stage, plan } = await setUp({ value: 'free' });
    const fileId = await stage(clip([0.5, 0.3]));
    const before = uploads();
    await expect(dictation.transcribe({ fileId })).rejects.toMatchObject({ code: 'dictation.needs_pro' });
    expect(uploads()).toBe(before);
    plan.value = 'pro';
    fake.transcription.next({ text: 'Now on Pro.' });
    expect(await dictation.transcribe({ fileId })).toEqual({ ok: true, text: 'Now on Pro.' });
  });

  it('keeps the clip after a failure, so Retry sends the same clip again', async () => {
    const { dictation, stage, staging } = await setUp();
    const fileId = await stage(clip([0.6, 0.3]));
    fake.transcription.next({ status: 500, errorBody: { error: { message: 'Backend restarting.', type: 'server_error', code: null } } });
    const failed = await dictation.transcribe({ fileId });
    expect(failed).toMatchObject({ ok: false, failure: { kind: 'server', status: 500, message: 'Backend restarting.' } });
    expect(staging.find(fileId)).toBeDefined();
    const first = (fake.requests.at(-1)!.body as { file: { sha256: string } }).file.sha256;
    fake.transcription.next({ text: 'Second time lucky.' });
    expect(await dictation.transcribe({ fileId })).toEqual({ ok: true, text: 'Second time lucky.' });
    expect((fake.requests.at(-1)!.body as { file: { sha256: string } }).file.sha256).toBe(first);
  });

  it('keeps a failed clip through a restart of main, so Retry still sends it', async () => {
    const first = await setUp();
    const fileId = await first.stage(clip([0.6, 0.3]));
    fake.transcription.next({ status: 503, errorBody: { error: { message: 'Overloaded.', type: 'server_error', code: null } } });
    expect(await first.dictation.transcribe({ fileId })).toMatchObject({ ok: false });
    const sent = (fake.requests.at(-1)!.body as { file: { sha256: string } }).file.sha256;
    // Main starts again on the same data folder: staging is emptied, the kept clip is not.
    const again = await setUp({ value: 'pro' }, first.dir);
    fake.transcription.next({ text: 'After the restart.' });
    expect(await again.dictation.transcribe({ fileId })).toEqual({ ok: true, text: 'After the restart.' });
    expect((fake.requests.at(-1)!.body as { file: { sha256: string } }).file.sha256).toBe(sent);
    expect(again.staging.find(fileId)).toBeUndefined();
  });

  it('discards a kept clip: it cannot be sent afterwards', async () => {
    const { dictation, stage } = await setUp();
    const fileId = await stage(clip([0.6, 0.3]));
    await dictation.discard(fileId);
    await expect(dictation.transcribe({ fileId })).rejects.toMatchObject({ code: 'intake.not_staged' });
  });

  it('refuses to stage a clip longer than ten minutes, by its size', async () => {
    const { staging } = await setUp();
    const outcome = await staging.fromBytes(new Uint8Array(600 * RATE * 2 + 2), 'Dictation', 'dictation');
    expect(outcome).toMatchObject({ ok: false, problem: { code: 'intake.dictation_too_long', values: { minutes: 10 } } });
  });
});
