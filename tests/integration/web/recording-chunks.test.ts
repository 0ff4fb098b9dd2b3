import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';
import { framesOf, readWav } from '../../support/recording';
import { startWebApp, type WebApp } from '../../support/web-app';
import { join } from 'node:path';

// The harness's chunk route: a recording's audio as raw PUT bodies beside the WebSocket,
// checked as strictly as the socket and the staging route are, written by main before it answers.
let app: WebApp;
let ws: WebSocket;
let id: string;

function invoke(channel: string, payload: unknown) {
  return new Promise<{ envelope: { ok: boolean; value?: unknown; error?: unknown } }>((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'invoke', seq: 1, channel, payload }));
  });
}

beforeAll(async () => {
  app = await startWebApp();
  ws = new WebSocket(`${app.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(app.token)}`, { origin: app.origin });
  await new Promise((resolve) => ws.once('open', resolve));
  const started = await invoke('recording:start', { system: false });
  id = (started.envelope.value as { id: string }).id;
}, 30_000);

afterAll(async () => {
  ws?.close();
  await app?.close();
});

const put = (query: string, body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${app.origin}/recording-chunks${query}`, {
    method: 'PUT',
    body: body.slice(),
    headers: { Origin: app.origin, Authorization: `Bearer ${app.token}`, ...headers },
  });

const second = framesOf(1, [1000]);

describe('browser harness: recording chunks as raw bytes', () => {
  it('writes a chunk sent with the launch token from the page origin, and answers a repeated seq ok without writing it twice', async () => {
    for (const seq of [0, 1, 1]) {
      const answer = await put(`?id=${id}&seq=${seq}`, second);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
    }
    const wav = readWav(join(app.dataDir, 'recordings', id, 'mic.wav'));
    expect(wav.samples).toBe(2 * RECORDING_SAMPLE_RATE);
    expect(wav.sample(0)).toBe(1000);
  });

  it('refuses a wrong token, another origin and other methods, writing nothing', async () => {
    expect((await put(`?id=${id}&seq=2`, second, { Authorization: 'Bearer wrong' })).status).toBe(403);
    expect((await put(`?id=${id}&seq=2`, second, { Authorization: '' })).status).toBe(403);
    expect((await put(`?id=${id}&seq=2`, second, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await fetch(`${app.origin}/recording-chunks?id=${id}&seq=2`, { method: 'POST', body: second.slice() })).status).toBe(405);
    expect(readWav(join(app.dataDir, 'recordings', id, 'mic.wav')).samples).toBe(2 * RECORDING_SAMPLE_RATE);
  });

  it('names what is wrong with the query, refuses a body larger than a chunk can be, and passes main\'s refusal on as an outcome', async () => {
    expect((await put('?seq=2', second)).status).toBe(400);
    expect((await put(`?id=${id}&seq=-1`, second)).status).toBe(400);
    const tooLarge = framesOf(MAX_CHUNK_SECONDS + 0.5, [1, 2]);
    const refused = await put(`?id=${id}&seq=2`, tooLarge);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe('A chunk holds at most 2 s of audio.');
    const unknown = await put('?id=no-such-recording&seq=0', second);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ok: false, problem: { code: expect.stringMatching(/^recording\./) } });
  });
});
