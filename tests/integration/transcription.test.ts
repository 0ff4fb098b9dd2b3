import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StagedFile, TranscriptionEvent } from '../../shared/contract/transcription';
import { createCore, type Core } from '../../electron/core';
import type { FileToSave } from '../../electron/services/file-saver';
import type { EventSink } from '../../electron/ipc/router';
import { startFakeService, type FakeService } from '../fake-service/server';
import { makeWav } from '../fake-service/testing';
import { removeFolder } from '../support/temp-folder';

// Transcription through main's router, as the renderer drives it, against the fake service.
let fake: FakeService;
let core: Core;
let dataDir: string;
const events = new Map<string, TranscriptionEvent[]>();
const sink: EventSink = {
  send: (_channel, payload) => {
    const { id, event } = payload as { id: string; event: TranscriptionEvent };
    events.set(id, [...(events.get(id) ?? []), event]);
  },
};
async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

let scratch: string;
/** What the Electron preload does: main copies a file the user chose, by its path. */
async function stage(name: string, bytes: Uint8Array, purpose: 'upload' | 'original' = 'upload'): Promise<{ ok: boolean; file?: StagedFile; problem?: string }> {
  const path = join(scratch, `${crypto.randomUUID()}-${name}`);
  await writeFile(path, bytes);
  return core.files.staging.fromPath(path, name, purpose);
}
/** What main was asked to save, as Electron's dialog would write it. */
const saved: FileToSave[] = [];

async function transcribe(fileId: string, overrides: Record<string, unknown> = {}, onStarted?: (id: string) => void) {
  const { id } = await invoke<{ id: string }>('transcription:transcribe', {
    fileId,
    model: 'speech-1',
    language: '',
    prompt: '',
    responseFormat: 'json',
    granularities: [],
    ...overrides,
  });
  onStarted?.(id);
  await expect.poll(() => events.get(id)?.some((event) => event.type !== 'progress'), { timeout: 15_000 }).toBe(true);
  return events.get(id)!;
}

const wav = makeWav(3000);

beforeAll(async () => {
  fake = await startFakeService();
  scratch = await mkdtemp(join(tmpdir(), 'confab-transcribe-files-'));
  dataDir = await mkdtemp(join(tmpdir(), 'confab-transcribe-'));
  core = await createCore({
    userDataDir: dataDir,
    initialBaseUrl: fake.baseUrl,
    fileSaver: { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) },
  });
  await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
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
      problem: expect.stringMatching(/^notes\.mp3 cannot be transcribed: its content is not a known audio format\. The service accepts mp3, mp4/),
    });
    expect(await stage('picture.wav', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex'))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('picture.wav cannot be transcribed: it is PNG (image/png)'),
    });
    expect(await stage('empty.wav', new Uint8Array())).toEqual({ ok: false, problem: expect.stringContaining('empty.wav is empty') });
    expect(await core.files.staging.fromPath(scratch, 'folder.wav', 'upload')).toEqual({ ok: false, problem: expect.stringContaining('folder.wav is not a file') });
    expect(await core.files.staging.fromPath(join(scratch, 'gone.wav'), 'gone.wav', 'upload')).toEqual({ ok: false, problem: expect.stringMatching(/^gone\.wav could not be read \(ENOENT/) });
    const requestsBefore = fake.requests.length;
    expect(await stage('long.mp3', new Uint8Array(30 * 1024 * 1024))).toEqual({
      ok: false,
      problem: 'long.mp3 is 30.0 MB; the service accepts files up to 25.0 MB. Nothing was uploaded.',
    });
    expect(fake.requests.length).toBe(requestsBefore);
  });

  it.each([
    ['json', 'application/json'],
    ['text', 'text/plain'],
    ['srt', 'application/x-subrip'],
    ['vtt', 'text/vtt'],
    ['verbose_json', 'application/json'],
  ])('transcribes as %s, with byte progress, and keeps the result in the history', async (responseFormat) => {
    const staged = await stage('meeting.wav', wav);
    const got = await transcribe(staged.file!.fileId, { responseFormat, granularities: ['word', 'segment'], language: 'en', prompt: 'Team sync' });
    const progress = got.filter((event) => event.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', sentBytes: 0, totalBytes: wav.length });
    expect(progress.at(-1)).toEqual({ type: 'progress', sentBytes: wav.length, totalBytes: wav.length });
    const done = got.at(-1) as Extract<TranscriptionEvent, { type: 'done' }>;
    expect(done.type).toBe('done');
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
    expect(await invoke('transcription:open', { id: done.record.id })).toEqual(done.record);
    const word = done.record.transcript.text.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w))!;
    expect((await invoke<{ kind: string }[]>('history:search', { query: word })).some((hit) => hit.kind === 'transcript')).toBe(true);
  });

  it('exports subtitles: the service\'s own SRT byte for byte, and SRT/VTT made from word timings', async () => {
    const asSrt = (await transcribe((await stage('a.wav', wav)).file!.fileId, { responseFormat: 'srt' })).at(-1) as Extract<TranscriptionEvent, { type: 'done' }>;
    const rules = { maxCharsPerLine: 42, maxLinesPerCue: 2, maxCueSeconds: 7, minCueSeconds: 1, maxCharsPerSecond: 17 };
    expect(await invoke('transcription:exportSubtitles', { id: asSrt.record.id, format: 'srt', rules })).toEqual({ kind: 'saved', fileName: 'a.srt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(asSrt.record.transcript.raw);

    const verbose = (await transcribe((await stage('b.wav', wav)).file!.fileId, { responseFormat: 'verbose_json', granularities: ['word'] })).at(-1) as Extract<TranscriptionEvent, { type: 'done' }>;
    await invoke('transcription:exportSubtitles', { id: verbose.record.id, format: 'vtt', rules });
    const vtt = Buffer.from(saved.at(-1)!.bytes).toString('utf8');
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.')).toBe(true);
    const plain = (await transcribe((await stage('c.wav', wav)).file!.fileId, { responseFormat: 'text' })).at(-1) as Extract<TranscriptionEvent, { type: 'done' }>;
    await expect(invoke('transcription:exportSubtitles', { id: plain.record.id, format: 'srt', rules })).rejects.toThrow(/no timings/);
  });

  it('cancels mid-upload at once; the service sees the connection close and the file stays staged for a retry', async () => {
    // Larger than loopback's socket buffers, read slowly, so the upload is really under way.
    const big = makeWav(700_000);
    const staged = await stage('long-meeting.wav', big);
    fake.transcription.next({ readBytesPerSecond: 2_000_000 });
    let streamId = '';
    const started = transcribe(staged.file!.fileId, {}, (id) => (streamId = id));
    const sent = () => Math.max(0, ...(events.get(streamId) ?? []).map((e) => (e.type === 'progress' ? e.sentBytes : 0)));
    await expect.poll(sent, { timeout: 10_000 }).toBeGreaterThan(big.length / 2);
    expect(sent()).toBeLessThan(big.length);
    await invoke('transcription:transcribe:cancel', { id: streamId });
    expect((await started).at(-1)).toEqual({ type: 'stopped' });
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'upload' });
    const retried = await transcribe(staged.file!.fileId);
    expect(retried.at(-1)!.type).toBe('done');
  });

  it('reports a refusal with the server message and keeps the file for a retry', async () => {
    const staged = await stage('meeting.wav', wav);
    await invoke('secrets:setKey', { key: fake.keys.free, memoryOnly: true });
    const refused = await transcribe(staged.file!.fileId);
    expect(refused.at(-1)).toMatchObject({ type: 'failed', failure: { kind: 'plan', status: 403, message: expect.stringMatching(/Pro/) } });
    await invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
    expect((await transcribe(staged.file!.fileId)).at(-1)!.type).toBe('done');
  });

  it('transcribes a long recording part by part and saves one merged transcript with the original audio', async () => {
    const original = makeWav(14 * 60_000); // ~27 MB: over the upload limit, kept only for playback
    const stagedOriginal = await stage('all-hands.wav', original, 'original');
    expect(stagedOriginal).toMatchObject({ ok: true, file: { format: 'wav', size: original.length } });
    const parts = [];
    for (const [index, startSeconds] of [0, 420.25].entries()) {
      fake.transcription.next({ words: [{ word: `part${index}`, start: 1, end: 1.5 }], duration: 420 });
      const part = await stage(`all-hands part ${index + 1}.wav`, makeWav(1000));
      const done = (await transcribe(part.file!.fileId, { responseFormat: 'verbose_json', granularities: ['word', 'segment'], keep: false })).at(-1) as Extract<TranscriptionEvent, { type: 'done' }>;
      parts.push({ startSeconds, transcript: done.record.transcript });
      // A part is not a transcript of its own, and its file is gone once transcribed.
      expect((await invoke<{ id: string }[]>('transcription:list')).some((t) => t.id === done.record.id)).toBe(false);
      expect((await transcribe(part.file!.fileId)).at(-1)).toMatchObject({ type: 'failed', failure: { code: 'not_staged' } });
    }
    const request = { model: 'speech-1', language: '', prompt: '', responseFormat: 'srt', granularities: [] };
    const record = await invoke<{ id: string; fileName: string; transcript: { words: { word: string; start: number }[]; raw: string } }>('transcription:saveMerged', {
      originalFileId: stagedOriginal.file!.fileId,
      request,
      duration: 840,
      parts,
    });
    expect(record.fileName).toBe('all-hands.wav');
    expect(record.transcript.words.map((w) => [w.word, w.start])).toEqual([
      ['part0', 1],
      ['part1', 421.25],
    ]);
    expect(record.transcript.raw).toContain('00:07:01,250 -->');
    expect(await invoke('transcription:open', { id: record.id })).toEqual(record);
    // The page plays it by URL (Electron's app:// media route, with ranges), from the audio folder.
    expect(await invoke('transcription:audioUrl', { id: record.id })).toEqual({ url: `app://confab/media/${record.id}` });
    expect((await readFile(core.files.audioPath(record.id)!)).subarray(0, 4).toString()).toBe('RIFF');
    expect(core.files.audioPath('no-such-transcript')).toBeNull();
  });
});
