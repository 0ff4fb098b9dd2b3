import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readPastedServers } from '../../../../renderer/mcp/pasted-servers';
import { i18n } from '../../../../renderer/i18n';
import { english } from '../../../../shared/i18n/english';
import { i18nOptions } from '../../../../shared/i18n/options';

// An address problem is worded from the errors namespace; the page's bridge to main is not needed.
vi.mock('../../../../renderer/api', () => ({ api: {} }));

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('en'), resources: { en: english } });
});

// The JSON other MCP clients (Claude Desktop, Cursor) and servers' docs give, read into what
// the add-server form sends, and one clear sentence for what cannot be read.
describe('reading a pasted MCP server JSON', () => {
  it('reads the mcpServers block: an address with headers and a local command with arguments and environment', () => {
    const pasted = JSON.stringify({
      mcpServers: {
        notes: { url: 'https://tools.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
        files: { command: 'npx', args: ['-y', '@example/files-mcp', '/home/me'], env: { FILES_TOKEN: 't0k' } },
      },
    });
    expect(readPastedServers(pasted)).toEqual({
      ok: true,
      servers: [
        { name: 'notes', transport: { type: 'http', url: 'https://tools.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer abc' }] } },
        { name: 'files', transport: { type: 'stdio', command: 'npx', args: ['-y', '@example/files-mcp', '/home/me'], env: [{ name: 'FILES_TOKEN', value: 't0k' }] } },
      ],
    });
  });

  it('reads the map of servers alone, and one server without its name', () => {
    expect(readPastedServers('{"weather": {"command": "weather-mcp"}}')).toMatchObject({ ok: true, servers: [{ name: 'weather', transport: { type: 'stdio', args: [], env: [] } }] });
    expect(readPastedServers('{"url": "https://tools.example.com/mcp"}')).toMatchObject({ ok: true, servers: [{ name: '', transport: { type: 'http', headers: [] } }] });
  });

  it.each([
    ['', /^Paste the JSON first\./],
    ['{"mcpServers": {"notes": {"url": "https://x"}', /^This is not valid JSON \(.+\)\. Copy it again, braces included\.$/],
    ['[1, 2]', /^This JSON is not an object of servers\. It should look like/],
    ['{"mcpServers": []}', /^"mcpServers" must be an object of servers by name\./],
    ['{"mcpServers": {}}', /^This JSON names no server\./],
    ['{"notes": {"name": "x"}}', /^"notes" has neither a "url" \(a server at an address\) nor a "command"/],
    ['{"notes": {"command": "x", "args": "--root /"}}', /^"notes": "args" must be a list of arguments\.$/],
    ['{"notes": {"url": "https://x.example/mcp", "headers": {"X-Key": 42}}}', /^"notes": each header value must be text in quotes\.$/],
    ['{"notes": {"url": "http://tools.example.com/mcp"}}', /^"notes": The MCP address must use https:\/\//],
    ['{"notes": {"type": "sse", "url": "https://x.example/sse"}}', /^"notes" uses the older SSE transport/],
  ])('says what is wrong with %j', (pasted, message) => {
    const read = readPastedServers(pasted);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toMatch(message);
  });
});
