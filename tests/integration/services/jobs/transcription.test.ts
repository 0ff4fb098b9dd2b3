import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobEvent } from '../../../../shared/contract/jobs';
import type { StagedFile, TranscriptReading, TranscriptRecord } from '../../../../shared/contract/transcription';
import type { SearchHit } from '../../../../shared/contract/history';
import type { ConversationMeta } from '../../../../shared/domain/conversation';
import type { ProblemData } from '../../../../shared/domain/problem';
import { createCore, type Core } from '../../../../electron/core/core';
import type { AudioSplitter } from '../../../../electron/core/services/audio-split/types';
import type { FileToSave } from '../../../../electron/core/services/storage/file-saver';
import type { EventSink } from '../../../../electron/core/router';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { makeWav } from '../../../fake-service/testing';
import { removeFolder } from '../../../support/temp-folder';

// Transcription through main's router, as the renderer drives it (files staged, then queued
// as jobs), against the fake service.
let fake: FakeService;
let core: Core;
let dataDir: string;
/** Every view of each job the watch stream sent, in order. */
const views = new Map<string, Job[]>();
const sink: EventSink = {
  send: (_channel, payload) => {
    const { event } = payload as { event: JobEvent };
    const jobs = event.type === 'jobs' ? event.jobs : event.type === 'job' ? [event.job] : [];
    for (const job of jobs) views.set(job.id, [...(views.get(job.id) ?? []), job]);
  },
};
async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}
const latest = (id: string) => views.get(id)?.at(-1);

let scratch: string;
/** What the Electron preload does: main copies a file the user chose, by its path. */
async function stage(name: string, bytes: Uint8Array): Promise<{ ok: boolean; file?: StagedFile; problem?: ProblemData }> {
  const path = join(scratch, `${crypto.randomUUID()}-${name}`);
  await writeFile(path, bytes);
  return core.files.staging.fromPath(path, name, 'original');
}
/** What main was asked to save, as Electron's dialog would write it. */
const saved: FileToSave[] = [];

const ENDED = new Set(['done', 'failed', 'cancelled']);
async function until(id: string, states = ENDED): Promise<Job> {
  await expect.poll(() => states.has(latest(id)?.state ?? ''), { timeout: 15_000 }).toBe(true);
  return latest(id)!;
}

/** Queues a staged file and waits for the job to end. */
async function transcribe(fileId: string, overrides: Record<string, unknown> = {}, onAdded?: (id: string) => void) {
  const job = await invoke<Job>('jobs:add', {
    fileId,
    request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [], ...overrides },
  });
  onAdded?.(job.id);
  return until(job.id);
}
const record = (job: Job) => invoke<TranscriptRecord>('transcription:open', { id: job.recordId });

/** Two parts of seven minutes each, the second starting at 420.25 s; each part a small WAV. */
const splitter: AudioSplitter = {
  plan: async () => ({ sampleRate: 16_000, primingSamples: 0, durationSeconds: 840, complete: true, cuts: [{ index: 0, startSample: 0, endSample: 6_724_000 }, { index: 1, startSample: 6_724_000, endSample: 13_440_000 }] }),
  async encodePart({ index, outPath }) {
    writeFileSync(outPath, makeWav(1000));
    return { index, path: outPath, bytes: makeWav(1000).length, mimeType: 'audio/wav', startSeconds: index * 420.25, durationSeconds: 420 };
  },
  close: async () => undefined,
};

const wav = makeWav(3000);

beforeAll(async () => {
  fake = await startFakeService();
  scratch = await mkdtemp(join(tmpdir(), 'confab-transcribe-files-'));
  dataDir = await mkdtemp(join(tmpdir(), 'confab-transcribe-'));
  core = await createCore({
    userDataDir: dataDir,
    splitter,
    initialBaseUrl: fake.baseUrl,
    fileSaver: { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) },
  });
  await invoke('settings:update', { plan: 'pro' });
  await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
  await invoke('jobs:watch');
});
afterAll(async () => {
  await core.close();
  await fake.close();
  await rm(scratch, { recursive: true, force: true });
  await removeFolder(dataDir);
});

describe('transcription through main', () => {
  it('recognises files by content and names what is wrong with the others', async () => {
    expect(await stage('meeting.wav', wav)).toMatchObject({ ok: true, file: { format: 'wav' } });
    expect(await stage('renamed.mp3', wav)).toMatchObject({ ok: true, file: { format: 'wav', name: 'renamed.mp3' } });
    expect(await stage('notes.mp3', new TextEncoder().encode('just some text, not audio at all '.repeat(20)))).toEqual({
      ok: false,
      problem: { code: 'intake.not_audio', values: { name: 'notes.mp3', accepted: 'mp3, mp4, mpeg, mpga, m4a, wav, webm' } },
    });
    expect(await stage('picture.wav', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex'))).toMatchObject({
      ok: false,
      problem: { code: 'intake.not_audio_known', values: expect.objectContaining({ name: 'picture.wav', type: 'PNG', mime: 'image/png' }) },
    });
    expect(await stage('empty.wav', new Uint8Array())).toEqual({ ok: false, problem: { code: 'intake.recording_empty', values: { name: 'empty.wav' } } });
    expect(await core.files.staging.fromPath(scratch, 'folder.wav', 'original')).toEqual({ ok: false, problem: { code: 'intake.recording_not_file', values: { name: 'folder.wav' } } });
    expect(await core.files.staging.fromPath(join(scratch, 'gone.wav'), 'gone.wav', 'original')).toEqual({ ok: false, problem: { code: 'intake.not_found', values: { name: 'gone.wav', detail: expect.stringMatching(/^ENOENT/) } } });
  });

  it.each([
    ['json', 'application/json'],
    ['text', 'text/plain'],
    ['srt', 'application/x-subrip'],
    ['vtt', 'text/vtt'],
    ['verbose_json', 'application/json'],
  ])('transcribes as %s, with byte progress, and keeps the result in the history', async (responseFormat) => {
    const staged = await stage('meeting.wav', wav);
    const job = await transcribe(staged.file!.fileId, { responseFormat, granularities: ['word', 'segment'], language: 'en', prompt: 'Team sync' });
    expect(job.state).toBe('done');
    const running = views.get(job.id)!.filter((view) => view.state === 'running' && view.totalBytes > 0);
    expect(running.at(-1)).toMatchObject({ sentBytes: wav.length, totalBytes: wav.length });
    const done = { record: await record(job) };
    expect(done.record.transcript.format).toBe(responseFormat);
    expect(done.record.transcript.text.length).toBeGreaterThan(5);
    const request = fake.requests.at(-1)!.body as { fields: Record<string, unknown>; file: { size: number } };
    expect(request.file.size).toBe(wav.length);
    expect(request.fields).toMatchObject({ model: 'speech-1', language: 'en', prompt: 'Team sync', response_format: responseFormat });
    if (responseFormat === 'verbose_json') {
      expect(done.record.transcript.words.length).toBeGreaterThan(3);
      expect(done.record.transcript.duration).toBeCloseTo(3, 1);
      expect(JSON.stringify(request.fields)).toContain('word');
    } else {
      expect(JSON.stringify(request.fields)).not.toContain('timestamp_granularities');
    }
    const word = done.record.transcript.text.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w))!;
    expect((await invoke<{ kind: string }[]>('history:search', { query: word })).some((hit) => hit.kind === 'transcript')).toBe(true);
  });

  it('exports subtitles: the service\'s own SRT byte for byte, and SRT/VTT made from word timings', async () => {
    const asSrt = { record: await record(await transcribe((await stage('a.wav', wav)).file!.fileId, { responseFormat: 'srt' })) };
    expect(await invoke('transcription:exportSubtitles', { id: asSrt.record.id, format: 'srt' })).toEqual({ kind: 'saved', fileName: 'a.srt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(asSrt.record.transcript.raw);

    const verbose = { record: await record(await transcribe((await stage('b.wav', wav)).file!.fileId, { responseFormat: 'verbose_json', granularities: ['word'] })) };
    await invoke('transcription:exportSubtitles', { id: verbose.record.id, format: 'vtt' });
    const vtt = Buffer.from(saved.at(-1)!.bytes).toString('utf8');
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.')).toBe(true);
    const plain = { record: await record(await transcribe((await stage('c.wav', wav)).file!.fileId, { responseFormat: 'text' })) };
    await expect(invoke('transcription:exportSubtitles', { id: plain.record.id, format: 'srt' })).rejects.toThrow(/export\.no_timings/);
  });

  it('cuts subtitles by the rules the user set, kept by main, in the result view\'s exports and the editor\'s alike', async () => {
    const verbose = await record(await transcribe((await stage('d.wav', wav)).file!.fileId, { responseFormat: 'verbose_json', granularities: ['word'] }));
    const cueTexts = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8').trim().split('\n\n').slice(1).map((cue) => cue.split('\n').slice(1).join('\n'));
    await invoke('transcription:exportSubtitles', { id: verbose.id, format: 'vtt' });
    const byDefault = cueTexts(saved.at(-1)!.bytes);

    const narrow = { maxCharsPerLine: 10, maxLinesPerCue: 1, maxCueSeconds: 7, minCueSeconds: 1, maxCharsPerSecond: 17 };
    expect(await invoke('settings:setSubtitleRules', { rules: narrow })).toEqual(narrow);
    expect(await invoke('settings:subtitleRules')).toEqual(narrow);
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')).subtitleRules).toEqual(narrow);
    // One line of at most 10 characters per cue, unless a single word is longer.
    const fits = (text: string) => !text.includes('\n') && (text.length <= 10 || !text.includes(' '));
    await invoke('transcription:exportSubtitles', { id: verbose.id, format: 'vtt' });
    const cues = cueTexts(saved.at(-1)!.bytes);
    expect(cues.length).toBeGreaterThan(byDefault.length);
    expect(cues.filter((text) => !fits(text))).toEqual([]);
    await invoke('transcriptEditor:export', { id: verbose.id, format: 'vtt', options: {} });
    expect(cueTexts(saved.at(-1)!.bytes)).toEqual(cues);

    await invoke('settings:setSubtitleRules', { rules: { ...narrow, maxLinesPerCue: 0 } }).then(
      () => expect.unreachable(),
      (error: Error) => expect(error.message).toMatch(/maxLinesPerCue|1/),
    );
    await invoke('settings:setSubtitleRules', { rules: { maxCharsPerLine: 42, maxLinesPerCue: 2, maxCueSeconds: 7, minCueSeconds: 1, maxCharsPerSecond: 17 } });
  });

  it('answers an edited transcript as edited everywhere: its page, exports, Ask and a restored backup; the original one call away', async () => {
    const heard = 'Bella asked Anna about the bridge.';
    const words = heard.split(' ').map((word, i) => ({ word, start: i * 0.4, end: i * 0.4 + 0.3 }));
    fake.transcription.next({ text: heard, words, duration: 3 });
    const job = await transcribe((await stage('bridge.wav', wav)).file!.fileId, { responseFormat: 'verbose_json', granularities: ['word'] });
    const id = job.recordId!;
    const uneditedPage = await invoke<TranscriptReading>('transcription:open', { id });
    expect(uneditedPage).toMatchObject({ edits: null, transcript: { text: heard } });
    const file = async (channel: string, payload: object) => {
      await invoke(channel, { id, ...payload });
      return Buffer.from(saved.at(-1)!.bytes).toString('utf8');
    };
    const unedited = await file('transcription:exportSubtitles', { format: 'srt' });

    const { version } = await invoke<{ version: number }>('transcriptEditor:open', { id });
    await invoke('transcriptEditor:edit', { id, version, intent: { type: 'text', block: 0, text: heard.replace('Bella', 'Bilal') } });
    await invoke('transcriptEditor:edit', { id, version: version + 1, intent: { type: 'speaker', block: 0, speaker: { name: 'Bilal' } } });
    const reading = await invoke<TranscriptReading>('transcription:open', { id });
    expect(reading.edits).toEqual({ speakers: ['Bilal'] });
    expect(reading.transcript.text).toBe('Bilal: Bilal asked Anna about the bridge.');
    expect(reading.transcript.words.map((w) => w.word)).toEqual(heard.replace('Bella', 'Bilal').split(' '));
    expect(reading.transcript.words[0]).toMatchObject({ start: 0, end: 0.3 });
    // The original reads as its page read it before the edit: the service's words, in main's
    // paragraphs of its original rows (the service sent words alone: no segments of its own).
    expect(uneditedPage.transcript.segments).toHaveLength(1);
    expect(await invoke('transcription:original', { id })).toMatchObject({ text: heard, words, segments: uneditedPage.transcript.segments });

    // One writer: the page's file and the editor's file of the same name are the same file.
    const srt = await file('transcription:exportSubtitles', { format: 'srt' });
    expect(srt).not.toBe(unedited);
    expect(srt).toContain('Bilal: Bilal asked Anna');
    expect(await file('transcriptEditor:export', { format: 'srt', options: {} })).toBe(srt);
    expect(await file('transcription:exportSubtitles', { format: 'txt' })).toBe('Bilal: Bilal asked Anna about the bridge.\n');

    // Ask: main starts the chat with the text as it now reads, and records what is attached.
    const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
    const asked = await invoke<ConversationMeta>('transcription:ask', { id, options });
    expect(asked.attachment).toEqual({ kind: 'transcript', id, fileName: 'bridge.wav', words: 6 });
    expect(asked.systemPrompt).toContain('Bilal: Bilal asked Anna about the bridge.');
    expect(asked.systemPrompt).not.toContain('Bella');
    expect(await invoke('history:open', { id: asked.id })).toMatchObject({ attachment: asked.attachment, messages: [] });

    // A backup restored after the transcript was deleted brings it back edited.
    const backup = await invoke<{ id: string }>('history:backUpNow');
    await invoke('transcription:remove', { id });
    // Gone is said as gone (the page words the code), not as something unexpected.
    await expect(invoke('transcription:open', { id })).rejects.toThrow(/^transcript\.gone$/);
    expect(await invoke('history:restoreBackup', { id: backup.id })).toMatchObject({ transcripts: 1 });
    expect(await invoke('transcription:open', { id })).toEqual(reading);
    const hits = await invoke<SearchHit[]>('history:search', { query: 'Bilal' });
    expect(hits.flatMap((hit) => (hit.kind === 'transcript' ? [hit.transcriptId] : []))).toEqual([id]);
  });

  it('cancels mid-upload at once; the service sees the connection close, and Retry sends the file again', async () => {
    // Larger than loopback's socket buffers, read slowly, so the upload is really under way.
    const big = makeWav(700_000);
    const staged = await stage('long-meeting.wav', big);
    fake.transcription.next({ readBytesPerSecond: 2_000_000 });
    let jobId = '';
    const ended = transcribe(staged.file!.fileId, {}, (id) => (jobId = id));
    const sent = () => latest(jobId)?.sentBytes ?? 0;
    await expect.poll(sent, { timeout: 10_000 }).toBeGreaterThan(big.length / 2);
    expect(sent()).toBeLessThan(big.length);
    await invoke('jobs:cancel', { id: jobId });
    expect((await ended).state).toBe('cancelled');
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'upload' });
    await invoke('jobs:retry', { id: jobId });
    await expect.poll(() => latest(jobId)?.state, { timeout: 15_000 }).toBe('done');
  });

  it('refuses to queue on the Free plan, keeping the file staged for when the plan is Pro', async () => {
    const staged = await stage('meeting.wav', wav);
    await invoke('settings:update', { plan: 'free' });
    const request = { model: 'speech-1', language: '', prompt: '', responseFormat: 'json', granularities: [] };
    await expect(invoke('jobs:add', { fileId: staged.file!.fileId, request })).rejects.toThrow(/job\.needs_pro/);
    await invoke('settings:update', { plan: 'pro' });
    const job = await invoke<Job>('jobs:add', { fileId: staged.file!.fileId, request });
    expect((await until(job.id)).state).toBe('done');
  });

  it("queues a file sent without options with the settings' transcription defaults", async () => {
    const defaults = { model: 'speech-1', language: 'fr', prompt: 'Réunion', responseFormat: 'text', granularities: [] };
    await invoke('settings:setTranscriptionDefaults', { request: defaults });
    const staged = await stage('reunion.wav', wav);
    const job = await invoke<Job>('jobs:add', { fileId: staged.file!.fileId });
    expect(await until(job.id)).toMatchObject({ state: 'done' });
    expect(fake.requests.at(-1)!.body).toMatchObject({ fields: { language: 'fr', prompt: 'Réunion', response_format: 'text' } });
    await invoke('settings:setTranscriptionDefaults', { request: { ...defaults, language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word', 'segment'] } });
  });

  it('reports a refusal with the server message and keeps the job for a retry', async () => {
    const staged = await stage('meeting.wav', wav);
    await invoke('secrets:setKey', { key: fake.keys.free, memoryOnly: true });
    const refused = await transcribe(staged.file!.fileId);
    expect(refused).toMatchObject({ state: 'failed', failure: { kind: 'plan', status: 403, message: expect.stringMatching(/Pro/) } });
    await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
    await invoke('jobs:retry', { id: refused.id });
    await expect.poll(() => latest(refused.id)?.state, { timeout: 15_000 }).toBe('done');
  });

  it('transcribes a long recording part by part and saves one merged transcript with the original audio', async () => {
    const original = makeWav(14 * 60_000); // ~27 MB: over the upload limit, so it is split
    const stagedOriginal = await stage('all-hands.wav', original);
    expect(stagedOriginal).toMatchObject({ ok: true, file: { format: 'wav', size: original.length } });
    // The parts go at once, in either order: both are heard alike, so only the offsets tell them apart.
    const heard = { words: [{ word: 'part', start: 1, end: 1.5 }], duration: 420 };
    fake.transcription.next(heard);
    fake.transcription.next(heard);
    const job = await transcribe(stagedOriginal.file!.fileId, { responseFormat: 'srt' });
    expect(job).toMatchObject({ state: 'done', fileName: 'all-hands.wav', parts: [{ state: 'done' }, { state: 'done' }] });
    const parts = fake.requests
      .slice(-2)
      .map((r) => r.body as { fields: Record<string, unknown>; file: { filename: string } })
      .sort((a, b) => a.file.filename.localeCompare(b.file.filename));
    expect(parts.map((p) => p.file.filename)).toEqual(['all-hands (part 1 of 2).webm', 'all-hands (part 2 of 2).webm']);
    // Parts always come back with timings, whatever the user chose: merging needs them.
    expect(parts.map((p) => p.fields.response_format)).toEqual(['verbose_json', 'verbose_json']);
    // No part carries the words of another.
    expect(parts.map((p) => p.fields.prompt ?? '')).toEqual(['', '']);
    const merged = await record(job);
    expect(merged.fileName).toBe('all-hands.wav');
    expect(merged.transcript.words.map((w) => [w.word, w.start])).toEqual([
      ['part', 1],
      ['part', 421.25],
    ]);
    expect(merged.transcript.raw).toContain('00:07:01,250 -->');
    // A part is not a transcript of its own.
    expect((await invoke<{ id: string }[]>('transcription:list')).filter((t) => t.id === merged.id)).toHaveLength(1);
    // The page plays it by URL (Electron's app:// media route, with ranges), from the audio folder.
    expect(await invoke('transcription:audioUrl', { id: merged.id })).toEqual({ url: `app://confab/media/${merged.id}` });
    expect((await readFile(core.files.audioPath(merged.id)!)).subarray(0, 4).toString()).toBe('RIFF');
    expect(core.files.audioPath('no-such-transcript')).toBeNull();
  });
});
