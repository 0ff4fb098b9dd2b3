import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNetFetch } from '../../../../electron/core/services/net/net-fetch';
import { createServiceClient } from '../../../../electron/core/services/net/service-client';
import { startFakeService, type FakeService } from '../../../fake-service/server';

// A real HTTP proxy (the `proxy` package, with Basic auth) between main and the fake service.
let fake: FakeService;
let proxy: ProxyServer;
let proxyUrl: string;
/** What passed through the proxy: "GET http://…" for forwarded requests, "CONNECT host:port" for tunnels. */
const seen: string[] = [];

const listen = async <T extends Server>(server: T): Promise<T> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  fake = await startFakeService();
  proxy = createProxy(createHttpServer());
  proxy.prependListener('request', (req) => seen.push(`${req.method} ${req.url}`));
  proxy.prependListener('connect', (req) => seen.push(`CONNECT ${req.url}`));
  await listen(proxy);
  proxyUrl = `http://127.0.0.1:${portOf(proxy)}`;
});
afterEach(() => {
  seen.length = 0;
  proxy.authenticate = undefined;
  fake.reset();
});
afterAll(async () => {
  await close(proxy);
  await fake.close();
});

const service = (fetchFn: typeof fetch, baseUrl = fake.baseUrl) =>
  createServiceClient({ fetch: fetchFn, baseUrl: () => baseUrl, apiKey: async () => fake.keys.pro });

describe('through a proxy', () => {
  it('honours HTTP_PROXY from the environment: the request reaches the service through the proxy', async () => {
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    process.env.HTTP_PROXY = proxyUrl;
    delete process.env.NO_PROXY;
    try {
      expect(await service(createNetFetch({ proxy: () => null })).testConnection()).toMatchObject({ ok: true });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(seen).toEqual([`POST ${fake.baseUrl}/chat/completions`]);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.keys.pro}`);
  });

  it('uses the per-profile proxy URL when one is set', async () => {
    let profileProxy: string | null = null;
    const client = service(createNetFetch({ proxy: () => profileProxy }));
    expect(await client.testConnection()).toMatchObject({ ok: true });
    expect(seen).toEqual([]);
    profileProxy = proxyUrl;
    expect(await client.testConnection()).toMatchObject({ ok: true });
    expect(seen).toEqual([`POST ${fake.baseUrl}/chat/completions`]);
  });

  it('explains a proxy that asks for credentials (407), and works once they are in the proxy URL', async () => {
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from('ann:s3cret').toString('base64')}`;
    const outcome = await service(createNetFetch({ proxy: () => proxyUrl })).testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network', code: 'proxy_auth_required' } });
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'proxy_auth_required', message: '' } });
    const withCredentials = `http://ann:s3cret@127.0.0.1:${portOf(proxy)}`;
    expect(await service(createNetFetch({ proxy: () => withCredentials })).testConnection()).toMatchObject({ ok: true });
  });

  it('explains a 407 on an https tunnel (CONNECT), naming the proxy', async () => {
    proxy.authenticate = () => false;
    const outcome = await service(createNetFetch({ proxy: () => proxyUrl }), 'https://api.example.com/v1').testConnection();
    expect(seen).toEqual(['CONNECT api.example.com:443']);
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network', code: 'proxy_auth_required', host: 'api.example.com' } });
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'proxy_auth_required', values: { proxy: `127.0.0.1:${portOf(proxy)}` } } });
  });

  it('explains a proxy that cannot be reached, naming the proxy and the service', async () => {
    const closed = await listen(createHttpServer());
    const port = portOf(closed);
    await close(closed);
    const outcome = await service(createNetFetch({ proxy: () => `http://127.0.0.1:${port}` })).testConnection();
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network', code: 'proxy_unreachable' } });
    expect(!outcome.ok && outcome.failure.values).toEqual(
      { proxy: `127.0.0.1:${port}`, host: `127.0.0.1:${fake.port}`, detail: 'ECONNREFUSED' },
    );
  });
});

describe('certificates', () => {
  it('explains a certificate that is not trusted (a TLS-inspecting proxy looks the same)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'confab-cert-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const server = await listen(createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}')));
      try {
        const host = `127.0.0.1:${portOf(server)}`;
        const outcome = await service(createNetFetch({ proxy: () => null }), `https://${host}/v1`).testConnection();
        expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network', code: 'certificate_untrusted', host } });
        expect(!outcome.ok && outcome.failure.values).toEqual({ host, detail: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
      } finally {
        await close(server);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
