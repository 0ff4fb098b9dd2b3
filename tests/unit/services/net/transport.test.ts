import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../../../../electron/core/services/net/limits';
import { explainNetworkError } from '../../../../electron/core/services/net/network-errors';
import { send } from '../../../../electron/core/services/net/transport';
import { failureFromResponse } from '../../../../electron/core/services/net/service-failure';

const out = { method: 'POST', headers: { Authorization: 'Bearer k', 'Content-Type': 'application/json' }, body: '{}', headersTimeoutMs: 1000 };
const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });

describe('send', () => {
  it('asks fetch for manual redirects and turns a 303 into a GET without body or content type', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockResolvedValueOnce(redirect(303, '/v1/result')).mockResolvedValueOnce(new Response('ok'));
    const sent = await send({ fetch: fetchFn, limits: DEFAULT_LIMITS }, 'https://api.example.com/v1/jobs', out);
    expect(sent).toMatchObject({ ok: true, url: 'https://api.example.com/v1/result' });
    expect(fetchFn.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{}', redirect: 'manual' });
    expect(fetchFn.mock.calls[1]![1]).toMatchObject({ method: 'GET', body: undefined, redirect: 'manual' });
    const headers = new Headers(fetchFn.mock.calls[1]![1]!.headers);
    expect(headers.get('authorization')).toBe('Bearer k');
    expect(headers.has('content-type')).toBe(false);
  });

  it('replays a JSON body on a 307 but refuses to redirect an upload stream', async () => {
    const fetchFn = vi.fn<typeof fetch>().mockImplementation(async () => redirect(307, '/v1/elsewhere'));
    const upload = { ...out, body: new ReadableStream<Uint8Array>() };
    const sent = await send({ fetch: fetchFn, limits: DEFAULT_LIMITS }, 'https://api.example.com/v1/audio', upload);
    expect(sent).toMatchObject({ ok: false, failure: { code: 'redirected_upload', status: null } });
    expect(fetchFn).toHaveBeenCalledOnce();
  });

  it('refuses an opaque redirect it cannot inspect', async () => {
    const opaque = Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });
    const sent = await send({ fetch: async () => opaque, limits: DEFAULT_LIMITS }, 'https://api.example.com/v1', out);
    expect(sent).toMatchObject({ ok: false, failure: { code: 'cross_origin_redirect' } });
  });

  it('rethrows the user\'s own cancel instead of reporting a failure', async () => {
    const controller = new AbortController();
    const fetchFn: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
    const sending = send({ fetch: fetchFn, limits: DEFAULT_LIMITS }, 'https://api.example.com/v1', { ...out, signal: controller.signal });
    controller.abort(new Error('stopped by the user'));
    await expect(sending).rejects.toThrow('stopped by the user');
  });
});

describe('explainNetworkError', () => {
  const fetchFailed = (cause: object, extra: object = {}) => Object.assign(new TypeError('fetch failed', { cause }), extra);

  it('finds a certificate code in a nested cause', () => {
    const error = fetchFailed(new Error('outer', { cause: Object.assign(new Error('unable to verify'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }) }));
    expect(explainNetworkError(error, 'api.example.com')).toMatchObject({ code: 'certificate_untrusted', values: { host: 'api.example.com', detail: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } });
  });

  it('reads Chromium net errors from Electron\'s net.fetch', () => {
    expect(explainNetworkError(new Error('net::ERR_CERT_AUTHORITY_INVALID'), 'h').code).toBe('certificate_untrusted');
    expect(explainNetworkError(Object.assign(new Error('net::ERR_PROXY_CONNECTION_FAILED'), { viaProxy: 'proxy:3128' }), 'h')).toMatchObject({
      code: 'proxy_unreachable', values: { proxy: 'proxy:3128', host: 'h', detail: 'ERR_PROXY_CONNECTION_FAILED' },
    });
    expect(explainNetworkError(new Error('net::ERR_PROXY_AUTH_REQUESTED'), 'h').code).toBe('proxy_auth_required');
  });

  it('blames the service, not the proxy, for a refused connection on another port (a NO_PROXY host)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443'), { code: 'ECONNREFUSED', port: 443 });
    expect(explainNetworkError(fetchFailed(refused, { viaProxy: 'proxy:3128' }), 'svc:443')).toEqual({ code: 'ECONNREFUSED', reason: 'unreachable', values: { host: 'svc:443', detail: 'ECONNREFUSED' } });
    const toProxy = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', port: 3128 });
    expect(explainNetworkError(fetchFailed(toProxy, { viaProxy: 'proxy:3128' }), 'svc:443').code).toBe('proxy_unreachable');
  });

  it('looks inside an AggregateError (both address families refused)', () => {
    const aggregate = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed');
    expect(explainNetworkError(fetchFailed(aggregate), 'h')).toEqual({ code: 'ECONNREFUSED', reason: 'unreachable', values: { host: 'h', detail: 'ECONNREFUSED' } });
  });
});

describe('failureFromResponse', () => {
  it('names a forwarding proxy\'s own 407 as the proxy\'s, not the service\'s', async () => {
    const failure = await failureFromResponse(new Response('<html>auth</html>', { status: 407 }), 'https://api.example.com/v1/chat/completions');
    expect(failure).toMatchObject({ kind: 'network', code: 'proxy_auth_required', host: 'api.example.com' });
    expect(failure).toMatchObject({ reason: 'proxy_auth_required', message: '', values: { proxy: null, host: 'api.example.com' } });
  });

  it('redacts a key the server echoes back in its error message', async () => {
    const body = JSON.stringify({ error: { message: 'Incorrect API key provided: sk-proj-0123456789abcdef.', code: 'invalid_api_key' } });
    const failure = await failureFromResponse(new Response(body, { status: 401 }), 'https://api.example.com/v1/chat/completions');
    expect(failure.message).toBe('Incorrect API key provided: [redacted].');
  });
});
