// @vitest-environment node
// Node's own WebSocket: jsdom's sends a Uint8Array made in Node's realm as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { decodeChunkFrame } from '../../../../shared/contract/chunk-frame';
import { createWsTransport } from '../../../../renderer/api/ws-transport';
import { wsChunks } from '../../../../renderer/api/ws-chunks';

// The page's side of the harness's chunks against a bare socket server: each chunk a binary
// frame, main's outcome from the answer, a connection lost before the answer a rejection.
let server: WebSocketServer;
let location: Location;
/** How the server treats each chunk frame it gets, in turn. */
const plan: Array<'drop' | 'ok' | 'odd'> = [];
const received: Array<{ chunk: number; id: string; pcm: number[] }> = [];

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  location = { host: `127.0.0.1:${(server.address() as { port: number }).port}` } as Location;
  server.on('connection', (ws) =>
    ws.on('message', (data: Buffer, isBinary) => {
      const frame = isBinary ? decodeChunkFrame(data) : null;
      if (!frame) return ws.close(1008);
      received.push({ chunk: frame.chunk, id: frame.id, pcm: [...frame.pcm] });
      const next = plan.shift();
      if (next === 'drop') return ws.terminate();
      ws.send(JSON.stringify({ type: 'result', seq: frame.seq, envelope: { ok: true, value: next === 'ok' ? { ok: true } : { kept: 'maybe' } } }));
    }),
  );
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

describe("the harness's chunks over the bridge socket", () => {
  it('rejects when the connection breaks before the answer, and the same seq sent again is answered on a new socket', async () => {
    const chunks = wsChunks(createWsTransport(location, 'token'));
    const chunk = { id: 'rec-1', seq: 5, pcm: new Uint8Array([1, 2, 3, 4]) };
    plan.push('drop', 'ok');
    await expect(chunks.send(chunk)).rejects.toMatchObject({ name: 'BridgeError', problem: { code: 'bridge.disconnected' } });
    await expect(chunks.send(chunk)).resolves.toEqual({ ok: true });
    expect(received).toEqual([
      { chunk: 5, id: 'rec-1', pcm: [1, 2, 3, 4] },
      { chunk: 5, id: 'rec-1', pcm: [1, 2, 3, 4] },
    ]);
  });

  it('rejects an answer that is no chunk outcome, by code', async () => {
    plan.push('odd');
    const chunks = wsChunks(createWsTransport(location, 'token'));
    await expect(chunks.send({ id: 'rec-1', seq: 6, pcm: new Uint8Array(2) })).rejects.toMatchObject({ problem: { code: 'bridge.unexpected_answer' } });
  });
});
