import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpProblem } from '../../../../shared/contract/mcp';
import type { ToolResult } from '../tools/tool-host';
import { type HttpTrouble, type McpPlace, closedProblem, mcpProblem } from './mcp-failure';

/** How to reach one server, secrets included: built fresh for each connection attempt. */
export type McpTarget =
  | { type: 'http'; url: string; headers: Record<string, string> }
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> };

export interface McpConnection {
  tools: Tool[];
  call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'Confab', version: '0.1.0' };
const CONNECT_TIMEOUT_MS = 15_000;
/** Tools may work for a while (a search, a build); progress notifications restart the clock. */
const TOOL_TIMEOUT_MS = 5 * 60_000;
/** A misbehaving server could hand out cursors forever. */
const MAX_TOOL_PAGES = 50;

async function listAllTools(client: Client): Promise<Tool[]> {
  let listed = await client.listTools(undefined, { timeout: CONNECT_TIMEOUT_MS });
  const tools = [...listed.tools];
  for (let page = 1; listed.nextCursor && page < MAX_TOOL_PAGES; page++) {
    listed = await client.listTools({ cursor: listed.nextCursor }, { timeout: CONNECT_TIMEOUT_MS });
    tools.push(...listed.tools);
  }
  return tools;
}

/** A result's content as text for the model; what is not text is named, not dropped silently. */
export function resultText(result: Pick<CallToolResult, 'content' | 'structuredContent'>): string {
  const parts = result.content.map((part) => {
    if (part.type === 'text') return part.text;
    if (part.type === 'resource') return 'text' in part.resource ? part.resource.text : `[resource ${part.resource.uri}]`;
    if (part.type === 'resource_link') return `[resource ${part.uri}]`;
    return `[${part.type} ${part.mimeType}]`;
  });
  if (parts.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

function transportFor(target: McpTarget, fetchFn: typeof fetch) {
  if (target.type === 'stdio') {
    let stderr = '';
    const transport = new StdioClientTransport({ command: target.command, args: target.args, env: target.env, stderr: 'pipe' });
    // Kept for the messages: a server that fails to start usually says why on stderr.
    transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const place: McpPlace = { type: 'stdio', command: target.command, stderr: () => stderr };
    return { transport: transport as Transport, place, trouble: () => null };
  }
  let trouble: HttpTrouble | null = null;
  // Only the POSTs carry requests; the optional GET stream may be refused (405) without harm.
  const watched = async (url: string | URL, init?: RequestInit) => {
    const post = init?.method === 'POST';
    try {
      const response = await fetchFn(url, init);
      if (post && !response.ok) trouble = { kind: 'refused', status: response.status, body: await response.clone().text().catch(() => '') };
      return response;
    } catch (error) {
      if (post) trouble = { kind: 'network', error };
      throw error;
    }
  };
  const transport = new StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: target.headers }, fetch: watched });
  const place: McpPlace = { type: 'http', url: target.url };
  return { transport: transport as Transport, place, trouble: () => trouble };
}

/**
 * Connects to one MCP server with the official SDK and lists its tools. `onClosed` reports
 * a server that goes away later by itself (a local server's process ending).
 */
export async function connectMcp(
  target: McpTarget,
  options: { fetch: typeof fetch; onClosed(problem: McpProblem): void },
): Promise<{ ok: true; connection: McpConnection } | { ok: false; problem: McpProblem }> {
  const { transport, place, trouble } = transportFor(target, options.fetch);
  const client = new Client(CLIENT_INFO);
  let closing = false;
  try {
    await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
    const tools = await listAllTools(client);
    client.onclose = () => closing || options.onClosed(closedProblem(place));
    return {
      ok: true,
      connection: {
        tools,
        async call(name, args, signal) {
          const limits = { signal, timeout: TOOL_TIMEOUT_MS, resetTimeoutOnProgress: true };
          const result = (await client.callTool({ name, arguments: args }, undefined, limits)) as CallToolResult;
          return { isError: result.isError === true, text: resultText(result) };
        },
        async close() {
          closing = true;
          await client.close();
        },
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    return { ok: false, problem: mcpProblem(error, place, trouble()) };
  }
}
