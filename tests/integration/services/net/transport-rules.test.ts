import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletionEvent } from '../../../../shared/contract/chat';
import { createChatService } from '../../../../electron/core/services/completion/chat-service';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import type { TransportLimits } from '../../../../electron/core/services/net/limits';
import { startFakeService, type FakeService } from '../../../fake-service/server';

// The transport rules against the fake service over real HTTP: caps, timeouts, redirects.
let fake: FakeService;
let other: FakeService;
beforeAll(async () => {
  [fake, other] = await Promise.all([startFakeService(), startFakeService()]);
});
beforeEach(() => {
  fake.reset();
  other.reset();
});
afterAll(() => Promise.all([fake.close(), other.close()]));

const client = (limits: Partial<TransportLimits> = {}, baseUrl = () => fake.baseUrl, fetchFn: typeof fetch = fetch) =>
  createServiceClient({ fetch: fetchFn, baseUrl, apiKey: async () => fake.keys.pro, limits });

async function chat(limits: Partial<TransportLimits>, stream = true) {
  const events: CompletionEvent[] = [];
  await createChatService({ service: client(limits) }).complete(
    { model: 'default', temperature: null, maxTokens: null, stream, messages: [{ role: 'user', content: 'Hello there' }] },
    { signal: new AbortController().signal, emit: (event) => events.push(event) },
  );
  const text = events.flatMap((event) => (event.type === 'delta' ? [event.text] : [])).join('');
  return { text, last: events.at(-1)! };
}

describe('size caps', () => {
  it('cuts off an SSE event that never ends at the cap, keeps the text so far and closes the connection', async () => {
    fake.chat.next({ reply: 'Kept words, then a flood.', chunkSize: 6, endless: true });
    const { text, last } = await chat({ maxEventBytes: 256 * 1024 });
    expect(text).toBe('Kept w');
    expect(last).toMatchObject({ type: 'failed', failure: { kind: 'stream', code: 'event_too_large', host: `127.0.0.1:${fake.port}` } });
    expect(last.type === 'failed' && last.failure.values).toEqual({ host: `127.0.0.1:${fake.port}`, bytes: 256 * 1024 });
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'chat-stream', chunksSent: 1 });
  });

  it('stops reading a whole answer past its cap', async () => {
    fake.chat.next({ endless: true });
    const { last } = await chat({ maxBodyBytes: 2 * 1024 * 1024 }, false);
    expect(last).toMatchObject({ type: 'failed', failure: { code: 'too_large', reason: 'too_large', values: { host: `127.0.0.1:${fake.port}`, bytes: 2 * 1024 * 1024 } } });
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'chat' });
  });

  it('reads only the start of a large error body and still reports its status', async () => {
    fake.chat.next({ status: 500, errorBody: 'x'.repeat(300 * 1024) });
    const result = await client({ maxErrorBodyBytes: 1024 }).postJson('chat/completions', { model: 'default', messages: [{ role: 'user', content: 'Hi' }] });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'server', status: 500, message: '500 Internal Server Error' } });
  });
});

describe('timeouts', () => {
  it('gives up waiting for headers, naming the host', async () => {
    fake.chat.next({ latencyMs: 20_000 });
    const outcome = await client({ headersTimeoutMs: 150 }).testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network', code: 'timeout' } });
    expect(!outcome.ok && outcome.failure.values).toEqual({ host: `127.0.0.1:${fake.port}`, seconds: 0.15 });
  });

  it('gives up a stream that goes silent, keeping what arrived', async () => {
    fake.chat.next({ reply: 'First part. Then nothing for a long time.', chunkSize: 12, intervalMs: 20_000 });
    const { text, last } = await chat({ idleTimeoutMs: 200 });
    expect(text).toBe('First part. ');
    expect(last).toMatchObject({ type: 'failed', failure: { kind: 'stream', code: 'timeout' } });
    expect(last).toMatchObject({ failure: { reason: 'idle', values: { host: `127.0.0.1:${fake.port}`, seconds: 0.2 } } });
    await fake.waitForDisconnect();
  });
});

describe('redirects and addresses', () => {
  it('follows a same-origin redirect with the key', async () => {
    fake.chat.next({ status: 307, errorBody: '', headers: { location: '/v1/chat/completions' } });
    expect(await client().testConnection()).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => [request.status, request.headers.authorization])).toEqual([
      [307, `Bearer ${fake.keys.pro}`],
      [200, `Bearer ${fake.keys.pro}`],
    ]);
  });

  it('refuses a redirect to another origin: the other server sees no request, let alone the key', async () => {
    fake.chat.next({ status: 302, errorBody: '', headers: { location: `${other.baseUrl}/chat/completions` } });
    const outcome = await client().testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'http', status: null, code: 'cross_origin_redirect' } });
    expect(!outcome.ok && outcome.failure.values).toEqual({ from: `127.0.0.1:${fake.port}`, to: `127.0.0.1:${other.port}` });
    expect(other.requests).toEqual([]);
  });

  it('stops after the allowed number of same-origin redirects', async () => {
    for (let i = 0; i < 3; i++) fake.chat.next({ status: 308, errorBody: '', headers: { location: '/v1/chat/completions' } });
    const outcome = await client({ maxRedirects: 2 }).testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'too_many_redirects' } });
    expect(fake.requests).toHaveLength(3);
  });

  it('refuses plain http to a host that is not this computer before any connection', async () => {
    const spy = vi.fn(fetch);
    const outcome = await client({}, () => 'http://api.example.com/v1', spy).testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'insecure_address', host: 'api.example.com' } });
    expect(spy).not.toHaveBeenCalled();
  });
});
