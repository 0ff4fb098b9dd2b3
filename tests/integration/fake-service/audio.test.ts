import { createHash } from 'node:crypto';
import OpenAI, { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../fake-service/server';
import type { MultipartLogBody } from '../../fake-service/server';
import { makeWav } from '../../fake-service/testing';
import { fake, useFake } from '../../support/use-fake';

// Audio transcription through the official client in all five formats, plus the upload
// limits and the upload-side faults a client must survive.

const wav = makeWav(500);
const client = (key = fake.keys.pro) => new OpenAI({ apiKey: key, baseURL: fake.baseUrl, maxRetries: 0 });
const file = () => toFile(wav, 'tone.wav', { type: 'audio/wav' });

function form(parts: Record<string, string | string[]>, upload?: { data: BlobPart; name: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) for (const v of [value].flat()) data.append(name, v);
  if (upload) data.append('file', new Blob([upload.data]), upload.name);
  return data;
}

const post = (body: FormData, signal?: AbortSignal) =>
  fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { Authorization: `Bearer ${fake.keys.pro}` }, body, signal });

useFake();

describe('transcription formats', () => {
  it('json: text only, and logs the upload with its hash', async () => {
    const result = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1', prompt: 'Tone test', language: 'en' });
    expect(Object.keys(result)).toEqual(['text']);
    expect(result.text).toMatch(/^This is\b/);
    const body = fake.requests[0]?.body as MultipartLogBody;
    expect(body.file).toMatchObject({
      fieldName: 'file',
      filename: 'tone.wav',
      size: wav.length,
      sha256: createHash('sha256').update(wav).digest('hex'),
      truncated: false,
    });
    expect(body.fields).toMatchObject({ model: 'speech-1', prompt: 'Tone test', language: 'en' });
  });

  it('text: plain text', async () => {
    const result = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1', response_format: 'text' });
    expect(typeof result).toBe('string');
    expect(result).toMatch(/^This is\b.*\.\n$/);
  });

  it('srt: numbered cues with comma milliseconds', async () => {
    const result = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1', response_format: 'srt' });
    expect(result).toMatch(/^1\n00:00:00,000 --> 00:00:00,\d{3}\n\S/);
  });

  it('vtt: WEBVTT header and dot milliseconds', async () => {
    const result = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1', response_format: 'vtt' });
    expect(result).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:00\.\d{3}\n\S/);
  });

  it('verbose_json: duration from the WAV header, words and segments as requested', async () => {
    const both = await client().audio.transcriptions.create({
      file: await file(),
      model: 'speech-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(both).toMatchObject({ task: 'transcribe', language: 'en', duration: 0.5 });
    expect(both.words?.length).toBeGreaterThan(0);
    expect(both.words?.[0]).toEqual({ word: 'this', start: 0, end: expect.any(Number) });
    expect(both.words?.every((w) => w.end <= 0.5 && w.start < w.end)).toBe(true);
    expect(both.segments?.[0]).toMatchObject({ id: 0, start: 0, text: expect.stringMatching(/^ this/), tokens: expect.any(Array) });
    expect(fake.requests[0]?.body).toMatchObject({ fields: { 'timestamp_granularities[]': ['word', 'segment'] } });

    const plain = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1', response_format: 'verbose_json' });
    expect(plain.segments?.length).toBeGreaterThan(0);
    expect(plain.words).toBeUndefined();
    const words = await client().audio.transcriptions.create({
      file: await file(),
      model: 'speech-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word'],
    });
    expect(words.words?.length).toBeGreaterThan(0);
    expect(words.segments).toBeUndefined();
  });

  it('uses scripted words, text and language', async () => {
    fake.transcription.next({ words: [{ word: 'hola', start: 0.1, end: 0.4 }], language: 'es', text: 'Hola.' });
    const result = await client().audio.transcriptions.create({
      file: await file(),
      model: 'speech-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word'],
    });
    expect(result).toMatchObject({ text: 'Hola.', language: 'es', words: [{ word: 'hola', start: 0.1, end: 0.4 }] });
  });
});

describe('transcription refusals', () => {
  it('refuses a Free key with 403', async () => {
    const promise = client(fake.keys.free).audio.transcriptions.create({ file: await file(), model: 'speech-1' });
    await expect(promise).rejects.toMatchObject({ status: 403, code: 'pro_plan_required' });
  });

  it('answers 413 as soon as the file passes 25 MB', async () => {
    const response = await post(form({ model: 'speech-1' }, { data: new Uint8Array(MAX_FILE_BYTES + 1), name: 'big.wav' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'file_too_large', param: 'file' } });
    const body = fake.requests[0]?.body as MultipartLogBody;
    expect(body.file?.truncated).toBe(true);
    expect(body.file?.size).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect(fake.disconnects).toEqual([]);
  });

  it('answers 400 naming the problem', async () => {
    const cases: [FormData, string][] = [
      [form({ model: 'speech-1' }), 'file'],
      [form({ model: 'speech-1' }, { data: new Uint8Array(0), name: 'empty.wav' }), 'file'],
      [form({ model: 'speech-1' }, { data: wav, name: 'notes.txt' }), 'file'],
      [form({}, { data: wav, name: 'a.wav' }), 'model'],
      [form({ model: 'whisper-9' }, { data: wav, name: 'a.wav' }), 'model'],
      [form({ model: 'speech-1', response_format: 'xml' }, { data: wav, name: 'a.wav' }), 'response_format'],
      [form({ model: 'speech-1', 'timestamp_granularities[]': 'char' }, { data: wav, name: 'a.wav' }), 'timestamp_granularities'],
    ];
    const codes: string[] = [];
    for (const [body, param] of cases) {
      const response = await post(body);
      const json = (await response.json()) as { error: { param: string; code: string } };
      expect([response.status, json.error.param]).toEqual([400, param]);
      codes.push(json.error.code);
    }
    expect(codes.slice(0, 3)).toEqual(['missing_required_parameter', 'empty_file', 'unsupported_file_format']);
  });

  it('answers a scripted error after reading the upload', async () => {
    fake.transcription.next({ status: 429, headers: { 'Retry-After': '3' } });
    const promise = client().audio.transcriptions.create({ file: await file(), model: 'speech-1' });
    await expect(promise).rejects.toMatchObject({ status: 429 });
    expect((fake.requests[0]?.body as MultipartLogBody).file?.size).toBe(wav.length);
  });

  it('holds an answer until a later request\'s upload is read, or at most as long as it was told', async () => {
    fake.transcription.next({ text: 'first', holdForNextMs: 30_000 });
    fake.transcription.next({ text: 'second', holdForNextMs: 150 });
    const first = client().audio.transcriptions.create({ file: await file(), model: 'speech-1' });
    await expect.poll(() => (fake.requests[0]?.body as MultipartLogBody | undefined)?.file?.size).toBe(wav.length);
    // Read, and still unanswered a while later: nothing came after it yet.
    const early = await Promise.race([first.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 300, 'held'))]);
    expect(early).toBe('held');
    const secondSent = performance.now();
    const second = await client().audio.transcriptions.create({ file: await file(), model: 'speech-1' });
    expect([(await first).text, second.text]).toEqual(['first', 'second']);
    // The last request has no later one: answered once its hold ran out.
    expect(performance.now() - secondSent).toBeGreaterThanOrEqual(140);
  });
});

describe('upload faults', () => {
  it('sees the client cancel a slow upload', async () => {
    fake.transcription.next({ readBytesPerSecond: 2 * 1024 * 1024 });
    const controller = new AbortController();
    const big = new Uint8Array(8 * 1024 * 1024);
    setTimeout(() => controller.abort(), 150);
    await expect(post(form({ model: 'speech-1' }, { data: big, name: 'long.wav' }), controller.signal)).rejects.toThrow();
    const record = await fake.waitForDisconnect(2000);
    expect(record.kind).toBe('upload');
    expect(record.bytesReceived).toBeGreaterThan(0);
    expect(record.bytesReceived).toBeLessThan(big.length);
  });

  it('completes a throttled, delayed upload through the openai client', async () => {
    fake.transcription.next({ delayBeforeReadMs: 120, readBytesPerSecond: 200 * 1024 });
    const started = performance.now();
    const result = await client().audio.transcriptions.create({ file: await toFile(makeWav(1000), 'one.wav'), model: 'speech-1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(result.text).toBe('This is a.');
  });

  it('drops the connection after N bytes of upload', async () => {
    fake.transcription.next({ dropAfterBytes: 64 * 1024 });
    await expect(post(form({ model: 'speech-1' }, { data: new Uint8Array(1024 * 1024), name: 'a.wav' }))).rejects.toThrow();
    expect(fake.disconnects).toEqual([]);
  });
});
