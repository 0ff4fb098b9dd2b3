import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../../shared/contract/history';
import { makeWav } from '../../fake-service/testing';
import { startWebApp, type WebApp } from '../../support/web-app';

// The harness's check before an upload: main judges a file's size and first bytes at once, so a
// page never sends all of a file main would refuse. Checked as strictly as the other byte routes.
let app: WebApp;
beforeAll(async () => {
  app = await startWebApp();
}, 30_000);
afterAll(() => app.close());

function send(method: string, path: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(app.origin + path, { method, headers: { Origin: app.origin, Authorization: `Bearer ${app.token}`, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const check = (query: string, head: Uint8Array, headers: Record<string, string> = {}) => send('POST', `/files/check?${query}`, head, headers);
const notAudio = new TextEncoder().encode('Minutes of the weekly sync, not a recording. '.repeat(90)).subarray(0, 4100);

describe('browser harness: a file checked before its upload', () => {
  it('is refused from its first bytes when it is not audio, whatever its size, and named', async () => {
    const answer = await check(`name=notes.mp3&purpose=original&size=${2 * 1024 ** 3}`, notAudio);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      problem: { code: 'intake.not_audio', values: { name: 'notes.mp3', accepted: 'mp3, mp4, mpeg, mpga, m4a, wav, webm' } },
    });
  });

  it('passes real audio, and refuses by size what its purpose does not take', async () => {
    const wav = makeWav(800);
    expect(JSON.parse((await check(`name=talk.wav&purpose=original&size=${wav.length}`, wav.subarray(0, 4100))).body)).toEqual({ problem: null });
    const head = new TextEncoder().encode('{"format":"confab.conversation"');
    expect(JSON.parse((await check(`name=all.json&purpose=import&size=${MAX_IMPORT_BYTES + 1}`, head)).body)).toMatchObject({
      problem: { code: 'intake.export_too_large', values: { name: 'all.json', size: MAX_IMPORT_BYTES + 1 } },
    });
    expect(JSON.parse((await check('name=empty.wav&purpose=original&size=0', new Uint8Array())).body)).toMatchObject({ problem: { code: 'intake.recording_empty' } });
  });

  it('refuses a wrong token, another origin, other methods, a bad query and more than the first bytes', async () => {
    const query = 'name=notes.mp3&purpose=original&size=9000';
    expect((await check(query, notAudio, { Authorization: 'Bearer wrong' })).status).toBe(403);
    expect((await check(query, notAudio, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await send('PUT', `/files/check?${query}`, notAudio)).status).toBe(405);
    expect((await check('name=notes.mp3&purpose=original', notAudio)).status).toBe(400);
    expect((await check(query, new Uint8Array(4101))).status).toBe(413);
  });

  it('keeps serving after a request cut off mid-body', async () => {
    const { host, port } = new URL(app.origin);
    for (const [method, path] of [['POST', '/files/check?name=notes.mp3&purpose=original&size=9000']] as const) {
      // A page that promises 4000 bytes, sends 3 and hangs up: reading the body fails with "aborted".
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.end(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.origin}\r\nAuthorization: Bearer ${app.token}\r\nContent-Length: 4000\r\n\r\nabc`);
      // The harness closes its side once it has given up on the body (a reset is as good).
      await new Promise((resolve) => socket.once('close', resolve).on('error', () => undefined).resume());
      const answer = await check('name=notes.mp3&purpose=original&size=9000', notAudio);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ problem: { code: 'intake.not_audio' } });
    }
  });
});
