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
// the add-server form sends, and what cannot be read as a code and values (worded by the form in the UI language).
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
    ['', { code: 'empty' }],
    ['{"mcpServers": {"notes": {"url": "https://x"}', { code: 'notJson', detail: expect.stringMatching(/JSON/) }],
    ['[1, 2]', { code: 'notObject' }],
    ['{"mcpServers": []}', { code: 'serversNotObject' }],
    ['{"mcpServers": {}}', { code: 'noServer' }],
    ['{"notes": {"name": "x"}}', { code: 'entryNeither', name: 'notes' }],
    ['{"notes": 3}', { code: 'entryNotObject', name: 'notes' }],
    ['{"notes": {"command": "x", "args": "--root /"}}', { code: 'entryField', name: 'notes', issue: { code: 'argsList' } }],
    ['{"notes": {"command": 7}}', { code: 'entryField', name: 'notes', issue: { code: 'fieldText', field: 'command' } }],
    ['{"notes": {"url": "https://x.example/mcp", "headers": {"X-Key": 42}}}', { code: 'entryField', name: 'notes', issue: { code: 'headerValueText' } }],
    ['{"notes": {"url": "http://tools.example.com/mcp"}}', { code: 'entryField', name: 'notes', issue: { code: 'named', problem: { code: 'mcp_url.needs_https', values: { example: 'https://api.example.com/mcp' } } } }],
    ['{"notes": {"type": "sse", "url": "https://x.example/sse"}}', { code: 'entrySse', name: 'notes' }],
    ['{"notes": {"command": "  "}}', { code: 'entryField', name: 'notes', issue: { code: 'named', problem: { code: 'mcp_input.command_missing', values: {} } } }],
    ['{"notes": {"command": "x", "env": {"1ROOT": "/"}}}', { code: 'entryField', name: 'notes', issue: { code: 'named', problem: { code: 'mcp_input.variable_name', values: {} } } }],
    [`{"${'n'.repeat(81)}": {"command": "x"}}`, { code: 'entryField', name: 'n'.repeat(81), issue: { code: 'named', problem: { code: 'mcp_input.name_too_long', values: { max: 80 } } } }],
  ])('says what is wrong with %j, as a code and values', (pasted, problem) => {
    expect(readPastedServers(pasted)).toEqual({ ok: false, problem });
  });
});
