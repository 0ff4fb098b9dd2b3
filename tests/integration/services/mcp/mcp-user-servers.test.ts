import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/contract/mcp';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { type Driver, STDIO_SERVER, startCore } from '../../../support/tool-driver';

// Servers the user adds: Streamable HTTP with secret headers (values only in the keychain)
// and local commands over stdio, kept in the user-data folder across runs.
let fake: FakeService;
let app: Driver;

const secretsInKeychain = () => [...app.keytar.entries.keys()].filter((key) => key.includes('#mcp/'));
const toolNames = (server: McpServerView) => (server.status.state === 'connected' ? server.status.tools.map((tool) => tool.name).sort() : []);

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  app = await startCore(fake);
});
afterEach(() => app.dispose());

describe('user-added HTTP servers', () => {
  const add = (value?: string) =>
    app.invoke<McpServerView>('mcp:add', {
      name: 'Notes',
      transport: { type: 'http', url: fake.mcpUrl, headers: [{ name: 'Authorization', ...(value !== undefined && { value }) }] },
    });

  it('sends the header, keeps its value only in the keychain and shows only its name', async () => {
    const server = await add(`Bearer ${fake.keys.free}`);
    expect(server).toMatchObject({ name: 'Notes', builtIn: false, transport: { type: 'http', url: fake.mcpUrl, headers: [{ name: 'Authorization', hasValue: true }] } });
    expect(toolNames(server)).toContain('search_notes');
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.keys.free}`);

    expect(JSON.stringify(server)).not.toContain(fake.keys.free);
    const file = await readFile(join(app.dir, 'mcp-servers.json'), 'utf8');
    expect(file).toContain('"Authorization"');
    expect(file).not.toContain(fake.keys.free);
    expect(secretsInKeychain()).toEqual([expect.stringMatching(new RegExp(`#mcp/${server.id}/header/Authorization$`))]);
  });

  it('keeps a stored value when an update leaves it out, and forgets it when the header goes', async () => {
    const { id } = await add(`Bearer ${fake.keys.pro}`);
    const renamed = await app.invoke<McpServerView>('mcp:update', {
      id,
      name: 'Renamed',
      transport: { type: 'http', url: fake.mcpUrl, headers: [{ name: 'Authorization' }] },
    });
    expect(renamed).toMatchObject({ name: 'Renamed', status: { state: 'connected' } });

    const bare = await app.invoke<McpServerView>('mcp:update', { id, name: 'Renamed', transport: { type: 'http', url: fake.mcpUrl } });
    expect(bare.status).toMatchObject({ state: 'failed', problem: { reason: 'auth', code: 'missing_api_key' } });
    expect(secretsInKeychain()).toEqual([]);
  });

  it('does not carry a stored header to another origin when only the address changes', async () => {
    const { id } = await add(`Bearer ${fake.keys.pro}`);
    // Same server, other origin: what a page that only edits the URL would aim at its own host.
    const elsewhere = fake.mcpUrl.replace('127.0.0.1', 'localhost');
    fake.reset();
    const moved = await app.invoke<McpServerView>('mcp:update', {
      id,
      name: 'Notes',
      transport: { type: 'http', url: elsewhere, headers: [{ name: 'Authorization' }] },
    });
    expect(moved.transport).toMatchObject({ url: elsewhere, headers: [{ name: 'Authorization', hasValue: false }] });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(secretsInKeychain()).toEqual([]);
  });

  it('never sends a header deleted while the keychain was down, and deletes it once the keychain is back', async () => {
    // The same in-memory keychain, its Secret Service gone while `down`: what keychain.ts probes first.
    let down = false;
    const probed = app.keytar.findCredentials;
    app.keytar.findCredentials = async (service) => {
      if (down) throw new Error('The name org.freedesktop.secrets was not provided by any .service files');
      return probed(service);
    };
    const { id } = await add(`Bearer ${fake.keys.pro}`);
    down = true;
    const elsewhere = fake.mcpUrl.replace('127.0.0.1', 'localhost');
    await app.invoke('mcp:update', { id, name: 'Notes', transport: { type: 'http', url: elsewhere, headers: [{ name: 'Authorization' }] } });
    down = false;
    fake.reset();
    const back = await app.invoke<McpServerView>('mcp:reconnect', { id });
    expect(back.transport).toMatchObject({ url: elsewhere, headers: [{ name: 'Authorization', hasValue: false }] });
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(secretsInKeychain()).toEqual([]);
  });

  it('shows a header whose value is missing from the keychain, and refuses bad input', async () => {
    const server = await add();
    expect(server.transport).toEqual({ type: 'http', url: fake.mcpUrl, headers: [{ name: 'Authorization', hasValue: false }] });
    await expect(app.invoke('mcp:add', { name: '', transport: { type: 'http', url: 'ftp://x' } })).rejects.toMatchObject({ code: 'invalid_payload' });
    await expect(
      app.invoke('mcp:add', { name: 'Twice', transport: { type: 'http', url: fake.mcpUrl, headers: [{ name: 'X-A' }, { name: 'x-a' }] } }),
    ).rejects.toMatchObject({ code: 'invalid_payload', problem: { code: 'mcp_input.header_repeated', values: {} } });
    await expect(app.invoke('mcp:remove', { id: 'service' })).rejects.toThrow(/mcp\.service_server_kept/);
  });

  it('is listed again after a restart, and removing it deletes its secrets', async () => {
    const { id } = await add(`Bearer ${fake.keys.pro}`);
    await app.close();
    app = await startCore(fake, { dir: app.dir, keytar: app.keytar });
    const listed = await app.invoke<McpServerView[]>('mcp:list');
    expect(listed.map((server) => server.id)).toEqual(['service', id]);
    expect(listed[1]!.transport).toMatchObject({ headers: [{ name: 'Authorization', hasValue: true }] });
    expect((await app.invoke<McpServerView>('mcp:reconnect', { id })).status.state).toBe('connected');

    await app.invoke('mcp:remove', { id });
    expect((await app.invoke<McpServerView[]>('mcp:list')).map((server) => server.id)).toEqual(['service']);
    expect(secretsInKeychain()).toEqual([]);
    await expect(app.invoke('mcp:reconnect', { id })).rejects.toThrow(/mcp\.server_gone/);
  });
});

describe('local servers over stdio', () => {
  it('starts the command, lists its tools and passes the secret environment', async () => {
    const server = await app.invoke<McpServerView>('mcp:add', {
      name: 'Local',
      transport: { type: 'stdio', ...STDIO_SERVER, env: [{ name: 'NOTES_TOKEN', value: 'local-secret-1234' }] },
    });
    expect(server.status.state).toBe('connected');
    expect(toolNames(server)).toEqual(['get_weather', 'read_env']);
    expect(server.transport).toEqual({ type: 'stdio', ...STDIO_SERVER, env: [{ name: 'NOTES_TOKEN', hasValue: true }] });
    expect(await readFile(join(app.dir, 'mcp-servers.json'), 'utf8')).not.toContain('local-secret-1234');
  });

  it('says why a command could not start or stopped before answering', async () => {
    const missing = await app.invoke<McpServerView>('mcp:add', { name: 'Missing', transport: { type: 'stdio', command: 'confab-no-such-command' } });
    expect(missing.status).toMatchObject({
      state: 'failed',
      problem: { reason: 'unreachable', code: 'ENOENT', why: { code: 'mcp.start_failed', values: { command: 'confab-no-such-command', error: 'ENOENT' } } },
    });

    const failing = await app.invoke<McpServerView>('mcp:add', {
      name: 'Failing',
      transport: { type: 'stdio', ...STDIO_SERVER, env: [{ name: 'FAIL_AT_START', value: '1' }] },
    });
    expect(failing.status).toMatchObject({
      state: 'failed',
      problem: { reason: 'unreachable', why: { code: 'mcp.exited', values: expect.any(Object) }, output: expect.stringMatching(/config error: the notes folder does not exist/) },
    });
  });
});

describe('watching the servers', () => {
  it('sends every server now, then each status change', async () => {
    const { id } = await app.invoke<{ id: string }>('mcp:watch');
    const snapshots = () => (app.events.get(id) ?? []) as { servers: McpServerView[] }[];
    await expect.poll(() => snapshots().some(({ servers }) => servers[0]!.status.state === 'connected')).toBe(true);
    expect(snapshots()[0]!.servers[0]!.status.state).toBe('connecting');

    await app.invoke('mcp:add', { name: 'Local', transport: { type: 'stdio', ...STDIO_SERVER } });
    await expect.poll(() => snapshots().at(-1)!.servers.map((server) => `${server.name}:${server.status.state}`)).toEqual(['Service:connected', 'Local:connected']);
    await app.invoke('mcp:watch:cancel', { id });
  });
});
