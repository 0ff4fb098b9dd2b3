import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpProblem } from '../../../../shared/contract/mcp';
import type { ProblemData } from '../../../../shared/domain/problem';
import { type ServiceFailure, reasonFor } from '../../../../shared/domain/service-failure';
import { redact } from '../net/redact';
import { failureFromNetworkError, readErrorBody } from '../net/service-failure';
import { errorText } from '../../../../shared/domain/error-text';

/**
 * What the HTTP transport's requests ran into, seen from its fetch. The SDK's own errors
 * keep only a status and a text, so the refusal's body (with its error code) and the network
 * error's cause are caught on the way past.
 */
export type HttpTrouble = { kind: 'refused'; status: number; body: string } | { kind: 'network'; error: unknown };

/** Where a server lives, for the messages: its URL, or the command that starts it. */
export type McpPlace = { type: 'http'; url: string } | { type: 'stdio'; command: string; stderr(): string };

const problem = (reason: McpProblem['reason'], why: ProblemData, extra: Partial<McpProblem> = {}): McpProblem => ({
  reason,
  why,
  output: null,
  status: null,
  code: null,
  host: null,
  ...extra,
});

/** The last lines a local server wrote to stderr, which usually say why it failed; null when it wrote none. */
const lastLines = (stderr: string) => (stderr.trim() ? stderr.trim().split('\n').slice(-3).join(' ') : null);

/** The SDK prefixes its messages; the user needs only what follows. */
const bare = (error: unknown) => errorText(error).replace(/^(Streamable HTTP error|MCP error -?\d+): /, '');

function httpProblem(error: unknown, url: string, trouble: HttpTrouble | null): McpProblem {
  const host = new URL(url).host;
  if (trouble?.kind === 'network') {
    // The network's own reason (timeout, certificate, proxy…) stays in `code`.
    const failure = failureFromNetworkError(trouble.error, url);
    return problem('unreachable', { code: 'mcp.unreachable', values: { host, error: failure.code ?? '?' } }, { host, code: failure.code });
  }
  if (trouble?.kind === 'refused') {
    const { code, message } = readErrorBody(trouble.body);
    // The status and code stay in the problem's fields, the server's own words in its output.
    const extra = { host, status: trouble.status, code, output: message || null };
    if (trouble.status === 401 || trouble.status === 403) return problem('auth', { code: 'mcp.credentials_refused', values: { host } }, extra);
    return problem('protocol', { code: 'mcp.not_mcp_status', values: { host, status: trouble.status } }, extra);
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return problem('unreachable', { code: 'mcp.timeout', values: { host } }, { host });
  // The SDK checks every message against the JSON-RPC schema: a ZodError means "not MCP".
  if (error instanceof Error && error.name === 'ZodError') return problem('protocol', { code: 'mcp.not_json_rpc', values: { host } }, { host });
  return problem('protocol', { code: 'mcp.not_mcp', values: { host, detail: bare(error) } }, { host });
}

function stdioProblem(error: unknown, command: string, stderr: string): McpProblem {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') return problem('unreachable', { code: 'mcp.start_failed', values: { command, error: code } }, { code });
  const output = lastLines(stderr);
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return problem('unreachable', { code: 'mcp.exited', values: { command } }, { output });
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return problem('unreachable', { code: 'mcp.command_timeout', values: { command } }, { output });
  return problem('protocol', { code: 'mcp.command_not_mcp', values: { command, detail: bare(error) } }, { output });
}

/** A connected server that went away by itself: a local server's process ended. */
export function closedProblem(place: McpPlace): McpProblem {
  if (place.type === 'stdio') return problem('unreachable', { code: 'mcp.stopped', values: { command: place.command } }, { output: lastLines(place.stderr()) });
  const host = new URL(place.url).host;
  return problem('unreachable', { code: 'mcp.closed', values: { host } }, { host });
}

/** Why connecting to a server (or listing its tools) failed, as a code and values for the page. */
export function mcpProblem(error: unknown, place: McpPlace, trouble: HttpTrouble | null): McpProblem {
  const found = place.type === 'http' ? httpProblem(error, place.url, trouble) : stdioProblem(error, place.command, place.stderr());
  // A server's body or a command's stderr may echo a header or key.
  const values = Object.fromEntries(Object.entries(found.why.values).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value]));
  return { ...found, why: { ...found.why, values }, output: found.output === null ? null : redact(found.output) };
}

/** A server problem as the chat reports it when a conversation's tools cannot be offered. */
export function failureOfProblem(serverName: string, found: McpProblem): ServiceFailure {
  const kind = { auth: 'auth', unreachable: 'network', protocol: 'http', not_configured: 'not_configured', refused: 'not_configured' } as const;
  return {
    kind: kind[found.reason],
    reason: reasonFor(kind[found.reason], found.code),
    status: found.status,
    code: found.code,
    // The chat words the failure by its kind; the message keeps only names and the server's own words.
    message: found.output ? `${serverName}: ${found.output}` : serverName,
    host: found.host,
    retryAfterSeconds: null,
  };
}
