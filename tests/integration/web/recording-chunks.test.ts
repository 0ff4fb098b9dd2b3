import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BRIDGE_MAX_FRAME_BYTES } from '../../../shared/contract/bridge-protocol';
import { MAX_CHUNK_BYTES, encodeChunkFrame } from '../../../shared/contract/chunk-frame';
import { MAX_CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';
import { framesOf, readWav } from '../../support/recording';
import { startWebApp, type WebApp } from '../../support/web-app';
import { join } from 'node:path';

// The harness's chunks: a recording's audio as binary frames on the page's bridge socket, only
// from a socket opened with the launch token from the page origin, written by main before it answers.
let app: WebApp;
let ws: WebSocket;
let id: string;

type Answer = { type: string; seq: number; envelope: { ok: boolean; value?: unknown; error?: { code: string; problem?: unknown } } };

const open = async (token = app.token, origin = app.origin) => {
  const socket = new WebSocket(`${app.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(token)}`, { origin });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
};
const answer = (socket: WebSocket) => new Promise<Answer>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
const closed = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', resolve));

function invoke(channel: string, payload: unknown) {
  const answered = answer(ws);
  ws.send(JSON.stringify({ type: 'invoke', seq: 1, channel, payload }));
  return answered;
}
function sendChunk(socket: WebSocket, seq: number, pcm: Uint8Array, chunkId = id) {
  const answered = answer(socket);
  socket.send(encodeChunkFrame(7, { id: chunkId, seq, pcm: pcm.slice() }));
  return answered;
}
const micSamples = () => readWav(join(app.dataDir, 'recordings', id, 'mic.wav')).samples;

beforeAll(async () => {
  app = await startWebApp();
  ws = await open();
  const started = await invoke('recording:start', { system: false });
  id = (started.envelope.value as { id: string }).id;
}, 30_000);

afterAll(async () => {
  ws?.close();
  await app?.close();
});

const second = framesOf(1, [1000]);

describe('browser harness: recording chunks as binary bridge frames', () => {
  it("writes a chunk, answers the frame's seq with main's outcome, and answers a repeated seq ok without writing it twice", async () => {
    for (const seq of [0, 1, 1]) expect(await sendChunk(ws, seq, second)).toEqual({ type: 'result', seq: 7, envelope: { ok: true, value: { ok: true } } });
    expect(micSamples()).toBe(2 * RECORDING_SAMPLE_RATE);
    expect(readWav(join(app.dataDir, 'recordings', id, 'mic.wav')).sample(0)).toBe(1000);
  });

  it('takes chunks only on a socket opened with the launch token from the page origin, and no longer as PUTs', async () => {
    await expect(open('wrong')).rejects.toThrow(/403/);
    await expect(open(app.token, 'http://evil.example')).rejects.toThrow(/403/);
    const put = await fetch(`${app.origin}/recording-chunks?id=${id}&seq=2`, {
      method: 'PUT',
      body: second.slice(),
      headers: { Origin: app.origin, Authorization: `Bearer ${app.token}` },
    });
    expect(put.status).toBe(403);
    expect(micSamples()).toBe(2 * RECORDING_SAMPLE_RATE);
  });

  it("refuses a chunk larger than a chunk can be by name, keeps the socket, and passes main's refusal on as an outcome", async () => {
    const tooLarge = framesOf(MAX_CHUNK_SECONDS + 0.5, [1, 2]);
    expect(await sendChunk(ws, 2, tooLarge)).toMatchObject({
      seq: 7,
      envelope: { ok: false, error: { code: 'too_large', problem: { code: 'bridge.too_large', values: { size: tooLarge.length, limit: MAX_CHUNK_BYTES } } } },
    });
    expect(await sendChunk(ws, 0, second, 'no-such-recording')).toMatchObject({ envelope: { ok: true, value: { ok: false, problem: { code: expect.stringMatching(/^recording\./) } } } });
    expect(micSamples()).toBe(2 * RECORDING_SAMPLE_RATE);
  });

  it('closes a socket that sends a malformed frame or one over the bridge limit, writing nothing, and keeps serving others', async () => {
    for (const frame of [new Uint8Array([1, 0, 0]), new Uint8Array([200, 0, 0, 0, 1, 2]), Buffer.concat([Buffer.from([2, 0, 0, 0]), Buffer.from('{}')])]) {
      const socket = await open();
      const code = closed(socket);
      socket.send(frame);
      expect(await code).toBe(1008);
    }
    const socket = await open();
    const code = closed(socket);
    socket.on('error', () => undefined).send(new Uint8Array(BRIDGE_MAX_FRAME_BYTES + 1));
    expect(await code).toBe(1009);
    expect(micSamples()).toBe(2 * RECORDING_SAMPLE_RATE);
    expect((await sendChunk(ws, 2, second)).envelope).toEqual({ ok: true, value: { ok: true } });
  });

  it('a connection broken before the answer: the same seq sent again on a new socket is kept once', async () => {
    const socket = await open();
    socket.send(encodeChunkFrame(1, { id, seq: 3, pcm: second.slice() }));
    socket.terminate();
    const again = await open();
    expect((await sendChunk(again, 3, second)).envelope).toEqual({ ok: true, value: { ok: true } });
    again.close();
    expect(micSamples()).toBe(4 * RECORDING_SAMPLE_RATE);
  });
});
