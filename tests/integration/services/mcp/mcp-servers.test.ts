import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/contract/mcp';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { type Driver, startCore } from '../../../support/tool-driver';

// Main's MCP host through the router: the service's own server from Settings with the API
// key, user-added HTTP servers with secret headers, and local servers over stdio.
let fake: FakeService;
let app: Driver;
let closedPort: number;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const service = async () => (await app.invoke<McpServerView[]>('mcp:list')).find((server) => server.builtIn)!;
/** A stored key the service refuses: Confab tries a key before storing it, so the fake withdraws it after. */
async function storeRefusedKey(key: string) {
  await app.invoke('secrets:deleteKey');
  fake.issueKey(key);
  await app.invoke('secrets:setKey', { key });
  fake.withdrawKey(key);
}
/** The service's server once its connection attempt has ended. */
const settled = async () => app.invoke<McpServerView>('mcp:reconnect', { id: 'service' });

beforeAll(async () => {
  fake = await startFakeService();
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  app = await startCore(fake);
});
afterEach(() => app.dispose());

describe("the service's MCP server", () => {
  it('connects to the address derived from the base URL with the API key and lists the tools', async () => {
    const server = await settled();
    expect(server).toMatchObject({ id: 'service', name: 'Service', builtIn: true, transport: { type: 'http', url: fake.mcpUrl, headers: [] } });
    expect(server.status.state).toBe('connected');
    const tools = server.status.state === 'connected' ? server.status.tools : [];
    expect(tools.map((tool) => tool.key).sort()).toEqual(['service/add_numbers', 'service/fail_always', 'service/get_weather', 'service/search_notes', 'service/slow_echo']);
    expect(tools.find((tool) => tool.name === 'get_weather')).toMatchObject({
      description: expect.stringContaining('weather'),
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(fake.requests.filter((request) => request.path === '/mcp').every((request) => request.headers.authorization === `Bearer ${fake.keys.pro}`)).toBe(true);
  });

  it('says the key was refused, with the code from the body', async () => {
    await storeRefusedKey('sk-not-a-real-key-0000');
    expect((await settled()).status).toEqual({
      state: 'failed',
      problem: {
        reason: 'auth',
        status: 401,
        code: 'invalid_api_key',
        host: new URL(fake.mcpUrl).host,
        why: { code: 'mcp.credentials_refused', values: { host: new URL(fake.mcpUrl).host } },
        output: expect.stringMatching(/Incorrect API key/),
      },
    });
    expect(JSON.stringify(await settled())).not.toMatch(/\(401/);
    // Without a key, the server's refusal is said in Confab's words: no status, no code, no host.
    await app.invoke('secrets:deleteKey');
    expect((await settled()).status).toEqual({
      state: 'failed',
      problem: { reason: 'not_configured', status: null, code: 'missing_api_key', host: null, why: { code: 'mcp.no_api_key', values: {} }, output: null },
    });
  });

  it('reconnects by itself when the key changes', async () => {
    await storeRefusedKey('sk-not-a-real-key-0000');
    expect((await settled()).status.state).toBe('failed');
    await app.invoke('secrets:setKey', { key: fake.keys.free });
    expect((await service()).status.state).toBe('connecting');
    await expect.poll(async () => (await service()).status.state).toBe('connected');
  });

  it('sends the key to no MCP address off its origin: that server needs its own credentials', async () => {
    const elsewhere = await startFakeService();
    try {
      await app.invoke('settings:update', { mcpUrl: elsewhere.mcpUrl });
      expect((await settled()).status).toMatchObject({
        state: 'failed',
        problem: { reason: 'not_configured', host: new URL(elsewhere.mcpUrl).host, why: { code: 'mcp.key_for_other_address', values: expect.objectContaining({ host: new URL(elsewhere.mcpUrl).host }) } },
      });
      expect(elsewhere.requests).toEqual([]);
      // With no key stored there is nothing to protect: it is tried, and its refusal said in Confab's words.
      await app.invoke('secrets:deleteKey');
      expect((await settled()).status).toMatchObject({ state: 'failed', problem: { reason: 'not_configured', code: 'missing_api_key' } });
      expect(elsewhere.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });

  it('says an unreachable server is unreachable, naming the host', async () => {
    // Off the key's origin: without a stored key it is tried (with a key it would need its own credentials).
    await app.invoke('secrets:deleteKey');
    await app.invoke('settings:update', { mcpUrl: `http://127.0.0.1:${closedPort}/mcp` });
    expect((await settled()).status).toEqual({
      state: 'failed',
      problem: {
        reason: 'unreachable',
        host: `127.0.0.1:${closedPort}`,
        code: 'ECONNREFUSED',
        status: null,
        why: { code: 'mcp.unreachable', values: { host: `127.0.0.1:${closedPort}`, error: 'ECONNREFUSED' } },
        output: null,
      },
    });
  });

  it('reports a protocol error for an address that is not an MCP server', async () => {
    await app.invoke('settings:update', { mcpUrl: `${fake.baseUrl}/chat/completions` });
    expect((await settled()).status).toMatchObject({
      state: 'failed',
      problem: { reason: 'protocol', status: 400, code: 'missing_required_parameter', why: { code: 'mcp.not_mcp_status', values: expect.objectContaining({ status: 400 }) } },
    });

    const notMcp = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}'));
    const port = await listen(notMcp);
    // Another origin: tried without a key only once none is stored.
    await app.invoke('secrets:deleteKey');
    await app.invoke('settings:update', { mcpUrl: `http://127.0.0.1:${port}/mcp` });
    expect((await settled()).status).toMatchObject({
      state: 'failed',
      problem: { reason: 'protocol', status: null, why: { code: 'mcp.not_json_rpc', values: { host: `127.0.0.1:${port}` } } },
    });
    await new Promise((resolve) => notMcp.close(resolve));
  });

  it('asks for a base URL before there is one', async () => {
    await app.dispose();
    // No base URL means no origin a key could be saved for.
    app = await startCore({ ...fake, baseUrl: '' }, { key: null });
    expect(await settled()).toMatchObject({
      transport: { url: '' },
      status: { state: 'failed', problem: { reason: 'not_configured', why: { code: 'mcp.no_base_url', values: {} } } },
    });
  });
});
