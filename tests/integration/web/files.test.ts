import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWav } from '../../fake-service/testing';
import { startWebApp, type WebApp } from '../../support/web-app';

// The harness's byte routes beside the WebSocket: checked as strictly as the socket is.
let app: WebApp;
// Starting the harness under a loaded machine can take longer than the default hook time.
beforeAll(async () => {
  app = await startWebApp();
}, 30_000);
afterAll(() => app.close());

interface Sent {
  status: number;
  body: string;
}

function send(method: string, path: string, options: { body?: Uint8Array; headers?: Record<string, string> } = {}, to: WebApp = app): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing = request(to.origin + path, { method, headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

const wav = makeWav(800);
const upload = (headers: Record<string, string> = {}, query = '?name=talk.wav&purpose=original', body: Uint8Array = wav, to: WebApp = app) =>
  send('PUT', `/files${query}`, { body, headers: { Origin: to.origin, Authorization: `Bearer ${to.token}`, ...headers } }, to);

describe('browser harness: files as raw bytes', () => {
  it('stages one PUT body with the launch token from the page origin, and recognises it', async () => {
    const answer = await upload();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, file: { name: 'talk.wav', size: wav.length, format: 'wav', mimeType: 'audio/wav' } });
  });

  it('refuses a wrong token, another origin, a foreign Host and other methods, reading nothing', async () => {
    expect((await upload({ Authorization: 'Bearer wrong' })).status).toBe(403);
    expect((await upload({ Authorization: '' })).status).toBe(403);
    expect((await upload({ Origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload({ Host: 'evil.example' })).status).toBe(403);
    expect((await send('POST', '/files?name=talk.wav&purpose=original', { body: wav })).status).toBe(405);
    expect((await send('GET', '/files')).status).toBe(405);
  });

  it('names what is wrong with the request or the file', async () => {
    expect(await upload({}, '?purpose=original')).toMatchObject({ status: 400, body: expect.stringContaining('expected string') });
    expect(await upload({}, '?name=a.wav&purpose=keep')).toMatchObject({ status: 400 });
    const text = new TextEncoder().encode('not audio at all '.repeat(40));
    expect(JSON.parse((await upload({}, '?name=notes.mp3&purpose=original', text)).body)).toEqual({
      ok: false,
      problem: { code: 'intake.not_audio', values: { name: 'notes.mp3', accepted: 'mp3, mp4, mpeg, mpga, m4a, wav, webm' } },
    });
    expect(JSON.parse((await upload({}, '?name=empty.wav&purpose=original', new Uint8Array())).body)).toEqual({
      ok: false,
      problem: { code: 'intake.recording_empty', values: { name: 'empty.wav' } },
    });
  });

  it('plays and downloads only by a valid signed URL', async () => {
    for (const path of ['/media/some-id', '/media/some-id?expires=99999999999999&sig=forged', '/downloads/some-id', `/downloads/x?expires=${Date.now() - 1}&sig=x`]) {
      expect((await send('GET', path)).status).toBe(403);
    }
    expect((await send('GET', '/media/some-id', { headers: { Host: 'evil.example' } })).status).toBe(403);
  });
});

describe('browser harness: a file staged on a full disk', () => {
  let full: WebApp;
  beforeAll(async () => {
    full = await startWebApp({}, { limitFileBlocks: 'unlimited' });
  }, 30_000);
  afterAll(() => full.close());

  // About 1 MB, as a browser sends it: still arriving when the first write fails.
  const long = makeWav(30_000);

  it('answers with the disk named, and stages the same file once the disk has room', async () => {
    // Every write past 0 bytes fails (EFBIG under the file size limit, as ENOSPC on a full disk).
    await full.limitFiles(0);
    const refused = await upload({}, undefined, long, full);
    expect(refused.status).toBe(200);
    expect(JSON.parse(refused.body)).toEqual({
      ok: false,
      problem: { code: 'intake.disk_full', values: { name: 'talk.wav', folder: expect.stringContaining(full.dataDir) } },
    });
    await full.limitFiles(null);
    expect(JSON.parse((await upload({}, undefined, long, full)).body)).toMatchObject({ ok: true, file: { name: 'talk.wav', size: long.length } });
  });
});
