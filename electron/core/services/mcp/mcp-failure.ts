import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpProblem } from '../../../../shared/contract/mcp';
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

const problem = (reason: McpProblem['reason'], message: string, extra: Partial<McpProblem> = {}): McpProblem => ({
  reason,
  message,
  status: null,
  code: null,
  host: null,
  ...extra,
});

/** `: <the last lines a local server wrote to stderr>`, which usually say why it failed, or `.`. */
const stderrSays = (stderr: string) => (stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : '.');

/** The SDK prefixes its messages; the user needs only what follows. */
const bare = (error: unknown) => errorText(error).replace(/^(Streamable HTTP error|MCP error -?\d+): /, '');

function httpProblem(error: unknown, url: string, trouble: HttpTrouble | null): McpProblem {
  const host = new URL(url).host;
  if (trouble?.kind === 'network') {
    const failure = failureFromNetworkError(trouble.error, url);
    return problem('unreachable', failure.message, { host, code: failure.code });
  }
  if (trouble?.kind === 'refused') {
    const { code, message } = readErrorBody(trouble.body);
    const said = `${trouble.status}${code ? `, ${code}` : ''}`;
    const extra = { host, status: trouble.status, code };
    if (trouble.status === 401 || trouble.status === 403) {
      // The status and code stay in the problem's fields; the sentence is for the user.
      return problem('auth', `${host} refused the credentials${message ? `: ${message}` : '.'}`, extra);
    }
    return problem('protocol', `${host} answered ${said} instead of speaking MCP${message ? `: ${message}` : ''}. Is this the MCP address?`, extra);
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return problem('unreachable', `${host} did not answer in time.`, { host });
  }
  // The SDK checks every message against the JSON-RPC schema: a ZodError means "not MCP".
  const reply = error instanceof Error && error.name === 'ZodError' ? 'something that is not an MCP (JSON-RPC) message' : bare(error);
  return problem('protocol', `${host} did not answer as an MCP server (${reply}).`, { host });
}

function stdioProblem(error: unknown, command: string, stderr: string): McpProblem {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string') return problem('unreachable', `Could not start "${command}" (${code}).`, { code });
  const said = stderrSays(stderr);
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
    return problem('unreachable', `"${command}" exited before it answered${said}`);
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return problem('unreachable', `"${command}" did not answer in time${said}`);
  }
  return problem('protocol', `"${command}" did not answer as an MCP server (${bare(error)})${said}`);
}

/** A connected server that went away by itself: a local server's process ended. */
export function closedProblem(place: McpPlace): McpProblem {
  if (place.type === 'stdio') return problem('unreachable', `"${place.command}" stopped${stderrSays(place.stderr())}`);
  const host = new URL(place.url).host;
  return problem('unreachable', `The connection to ${host} closed.`, { host });
}

/** Why connecting to a server (or listing its tools) failed, in words for the user. */
export function mcpProblem(error: unknown, place: McpPlace, trouble: HttpTrouble | null): McpProblem {
  const found = place.type === 'http' ? httpProblem(error, place.url, trouble) : stdioProblem(error, place.command, place.stderr());
  // A server's body or a command's stderr may echo a header or key.
  return { ...found, message: redact(found.message) };
}

/** A server problem as the chat reports it when a conversation's tools cannot be offered. */
export function failureOfProblem(serverName: string, found: McpProblem): ServiceFailure {
  const kind = { auth: 'auth', unreachable: 'network', protocol: 'http', not_configured: 'not_configured', refused: 'not_configured' } as const;
  return {
    kind: kind[found.reason],
    reason: reasonFor(kind[found.reason], found.code),
    status: found.status,
    code: found.code,
    message: `The tools of "${serverName}" are not available: ${found.message}`,
    host: found.host,
    retryAfterSeconds: null,
  };
}
