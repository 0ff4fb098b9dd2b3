import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { badRequest, sendJson } from './errors';
import type { RequestContext } from './http';
import { readJsonBody, sleep } from './http';
import type { McpCallRecord } from './script';

// The MCP endpoint runs the official SDK in stateless mode: a fresh server and transport per
// POST, which is all a tool-calling client needs and keeps the fake free of session state.

const NOTES = [
  { title: 'Team offsite', body: 'The offsite is in Lisbon on 12 May; book flights by Friday.' },
  { title: 'Grocery list', body: 'Milk, eggs, coffee beans, basil, lemons.' },
  { title: 'Release checklist', body: 'Bump the version, update the changelog, tag the release, notify support.' },
  { title: 'Book ideas', body: 'A history of maps; a field guide to mushrooms; a novel about a lighthouse keeper.' },
  { title: 'Meeting with Dana', body: 'Discuss the Q3 roadmap and the weather station project.' },
];

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function seeded(value: string): number {
  return createHash('sha256').update(value.toLowerCase()).digest().readUInt16BE(0);
}

function buildServer(record: (call: McpCallRecord) => void, signal: AbortSignal): McpServer {
  const server = new McpServer({ name: 'confab-fake-service', version: '1.0.0' });
  const log = (name: string, args: Record<string, unknown>) => record({ name, arguments: args, at: Date.now() });

  server.registerTool(
    'get_weather',
    {
      description: 'Current weather for a city. Returns temperature, sky and wind as text.',
      inputSchema: {
        city: z.string().min(1).describe('City name, e.g. "Paris"'),
        unit: z.enum(['celsius', 'fahrenheit']).optional().describe('Temperature unit (default celsius)'),
      },
    },
    async (args) => {
      log('get_weather', args);
      const n = seeded(args.city);
      const celsius = (n % 35) - 5;
      const unit = args.unit ?? 'celsius';
      const temp = unit === 'celsius' ? `${celsius} °C` : `${Math.round((celsius * 9) / 5 + 32)} °F`;
      const sky = ['sunny', 'cloudy', 'light rain', 'overcast', 'clear'][n % 5];
      return text(`Weather in ${args.city}: ${temp}, ${sky}, wind ${n % 30} km/h.`);
    },
  );

  server.registerTool(
    'add_numbers',
    {
      description: 'Adds two numbers and returns the sum.',
      inputSchema: { a: z.number().describe('First addend'), b: z.number().describe('Second addend') },
    },
    async (args) => {
      log('add_numbers', args);
      return text(String(args.a + args.b));
    },
  );

  server.registerTool(
    'search_notes',
    {
      description: "Searches the user's notes by keyword and returns matching titles and bodies.",
      inputSchema: {
        query: z.string().describe('Words to look for'),
        limit: z.number().int().min(1).max(20).optional().describe('Maximum number of results (default 3)'),
      },
    },
    async (args) => {
      log('search_notes', args);
      const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = NOTES.filter((note) => words.some((w) => `${note.title} ${note.body}`.toLowerCase().includes(w))).slice(0, args.limit ?? 3);
      if (hits.length === 0) return text(`No notes match "${args.query}".`);
      return text(hits.map((note, i) => `${i + 1}. ${note.title}: ${note.body}`).join('\n'));
    },
  );

  server.registerTool(
    'slow_echo',
    {
      description: 'Echoes the text back after a delay; useful to see a tool call in progress.',
      inputSchema: {
        text: z.string().describe('Text to echo'),
        delayMs: z.number().int().min(0).max(30_000).optional().describe('Delay before answering (default 1000)'),
      },
    },
    async (args) => {
      log('slow_echo', args);
      await sleep(args.delayMs ?? 1000, signal);
      return text(args.text);
    },
  );

  server.registerTool(
    'fail_always',
    {
      description: 'Always fails. Shows how a tool error is reported.',
      inputSchema: { reason: z.string().optional().describe('Text to include in the error') },
    },
    async (args) => {
      log('fail_always', args);
      return { ...text(`Tool failed: ${args.reason ?? 'this tool always fails'}.`), isError: true };
    },
  );

  return server;
}

export async function handleMcp(ctx: RequestContext, record: (call: McpCallRecord) => void): Promise<void> {
  const { req, res, entry } = ctx;
  if (req.method !== 'POST') {
    // Stateless: there is no standalone SSE stream to GET and no session to DELETE.
    sendJson(res, 405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, { allow: 'POST' });
    return;
  }
  const parsed = await readJsonBody(req, 4 * 1024 * 1024);
  entry.body = parsed.ok ? parsed.value : parsed.text;
  if (!parsed.ok) {
    badRequest(res, 'The body must be a JSON-RPC message.', null, 'invalid_json');
    return;
  }
  ctx.watchDisconnect('mcp');
  const server = buildServer(record, ctx.signal);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, parsed.value);
}
