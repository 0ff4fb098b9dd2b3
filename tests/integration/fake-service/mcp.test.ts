import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { fake, useFake } from '../../support/use-fake';

// The /mcp endpoint, driven by the official MCP client over Streamable HTTP.

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'confab-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(fake.mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('');

useFake();

describe('MCP endpoint', () => {
  it('lists the tools with input schemas', async () => {
    const client = await connect(fake.keys.pro);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['add_numbers', 'fail_always', 'get_weather', 'search_notes', 'slow_echo']);
    const weather = tools.find((t) => t.name === 'get_weather');
    expect(weather?.description).toBeTruthy();
    expect(weather?.inputSchema).toMatchObject({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    await client.close();
  });

  it('calls tools and logs each call', async () => {
    const client = await connect(fake.keys.free);
    const sum = await client.callTool({ name: 'add_numbers', arguments: { a: 2, b: 3.5 } });
    expect(textOf(sum)).toBe('5.5');
    const weather = await client.callTool({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(textOf(weather)).toMatch(/^Weather in Paris: -?\d+ °C, /);
    expect(textOf(await client.callTool({ name: 'get_weather', arguments: { city: 'Paris' } }))).toBe(textOf(weather));
    const notes = await client.callTool({ name: 'search_notes', arguments: { query: 'release', limit: 1 } });
    expect(textOf(notes)).toMatch(/^1\. Release checklist: /);
    expect(fake.mcpCalls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'add_numbers', args: { a: 2, b: 3.5 } },
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'search_notes', args: { query: 'release', limit: 1 } },
    ]);
    await client.close();
    expect(fake.disconnects).toEqual([]);
  });

  it('reports tool failures with isError', async () => {
    const client = await connect(fake.keys.pro);
    const result = await client.callTool({ name: 'fail_always', arguments: { reason: 'disk full' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('disk full');
    const invalid = await client.callTool({ name: 'add_numbers', arguments: { a: 'two' } });
    expect(invalid.isError).toBe(true);
    await client.close();
  });

  it('refuses a wrong key with 401', async () => {
    const error = await connect('sk-wrong-key-000000000000').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(401);
    expect(fake.requests[0]).toMatchObject({ path: '/mcp', status: 401 });
  });

  it('answers 401 JSON error bodies to raw requests without a key', async () => {
    const response = await fetch(fake.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.json()).toMatchObject({ error: { code: 'missing_api_key' } });
  });
});
