import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { BRIDGE_MAX_FRAME_BYTES } from '../../../shared/contract/bridge-protocol';
import { startWebApp, type WebApp } from '../../support/web-app';

let app: WebApp;
beforeAll(async () => {
  app = await startWebApp();
});
afterAll(() => app.close());

/** Opens a bridge socket and reports whether the server accepted it. */
function connect(options: { token?: string; origin?: string; host?: string }) {
  const url = `${app.origin.replace('http', 'ws')}/bridge?token=${encodeURIComponent(options.token ?? app.token)}`;
  const ws = new WebSocket(url, {
    origin: options.origin ?? app.origin,
    headers: options.host ? { Host: options.host } : {},
  });
  return new Promise<WebSocket | number>((resolve) => {
    ws.on('open', () => resolve(ws));
    ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.on('error', () => resolve(0));
  });
}

function invoke(ws: WebSocket, channel: string, payload: unknown) {
  return new Promise<unknown>((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'invoke', seq: 7, channel, payload }));
  });
}

describe('browser harness bridge', () => {
  it('serves the renderer with a strict CSP', async () => {
    const response = await fetch(app.origin + '/');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('refuses files outside the bundle and requests for a foreign host name', async () => {
    expect((await fetch(app.origin + '/..%2f..%2fpackage.json')).status).toBe(404);
    const rebinding = await new Promise<number>((resolve) => {
      import('node:http').then(({ get }) =>
        get(app.origin + '/', { headers: { Host: 'evil.example:80' } }, (response) => resolve(response.statusCode!)),
      );
    });
    expect(rebinding).toBe(403);
  });

  it('accepts the page origin with the launch token, and nothing else', async () => {
    expect(await connect({ token: 'wrong-token' })).toBe(403);
    expect(await connect({ token: '' })).toBe(403);
    expect(await connect({ origin: 'http://evil.example' })).toBe(403);
    expect(await connect({ host: 'evil.example' })).toBe(403);
    const ws = await connect({});
    expect(ws).toBeInstanceOf(WebSocket);
    (ws as WebSocket).close();
  });

  it('runs calls through the same router: validation and unknown channels', async () => {
    const ws = (await connect({})) as WebSocket;
    expect(await invoke(ws, 'settings:get', undefined)).toMatchObject({
      type: 'result',
      seq: 7,
      envelope: { ok: true, value: { plan: 'free', mcpUrl: null } },
    });
    expect(await invoke(ws, 'settings:update', { baseUrl: 'https://x.example/v2' })).toMatchObject({
      envelope: { ok: false, error: { code: 'invalid_payload', message: 'base_url.needs_v1', problem: { code: 'base_url.needs_v1', values: expect.any(Object) } } },
    });
    expect(await invoke(ws, 'secrets:getKey', undefined)).toMatchObject({ envelope: { ok: false, error: { code: 'unknown_channel' } } });
    ws.close();
  });

  it('closes the socket on a malformed frame', async () => {
    const ws = (await connect({})) as WebSocket;
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.send('{not json');
    expect(await closed).toBe(1008);
  });

  it('refuses a frame over the bridge limit with close code 1009, and goes on serving', async () => {
    const ws = (await connect({})) as WebSocket;
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'invoke', seq: 1, channel: 'history:import', payload: { content: 'x'.repeat(BRIDGE_MAX_FRAME_BYTES) } }));
    expect(await closed).toBe(1009);
    const next = (await connect({})) as WebSocket;
    expect(await invoke(next, 'settings:get', undefined)).toMatchObject({ envelope: { ok: true } });
    next.close();
  });
});
