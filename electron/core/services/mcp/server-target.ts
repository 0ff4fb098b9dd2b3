import type { McpProblem } from '../../../../shared/contract/mcp';
import type { McpTarget } from './connection';
import type { ServerConfigs } from './server-configs';
import type { Server } from './server-view';

export interface ServiceServer {
  /** Settings' MCP address, or the one derived from the base URL; null before a base URL is set. */
  url(): string | null;
  /** The API key for `url` (null off the key's origin), and the origin the key belongs to. */
  apiKey(url: string): Promise<{ key: string | null; origin: string | null }>;
}

/**
 * How to reach a server right now, secrets read afresh: the service's own with the API key
 * (none when no key is stored: an address may serve without one), a user-added one with its
 * headers or environment from the keychain.
 */
export async function targetOf(
  server: Server,
  deps: { configs: ServerConfigs; service: ServiceServer },
): Promise<{ ok: true; target: McpTarget } | { ok: false; problem: McpProblem }> {
  if (!server.stored) {
    const url = deps.service.url();
    if (!url) {
      return { ok: false, problem: { reason: 'not_configured', message: 'Set the service base URL first.', status: null, code: null, host: null } };
    }
    const { key, origin } = await deps.service.apiKey(url);
    if (key === null && origin !== null) {
      const message =
        `The MCP address ${new URL(url).host} is not on the address the API key was saved for (${origin}), so Confab does not send the key there. ` +
        `This server needs its own credentials: add it under "Add a server" with the headers it needs, or use an MCP address on ${origin}.`;
      return { ok: false, problem: { reason: 'not_configured', message, status: null, code: null, host: new URL(url).host } };
    }
    return { ok: true, target: { type: 'http', url, headers: key ? { Authorization: `Bearer ${key}` } : {} } };
  }
  const values = await deps.configs.secretValues(server.stored);
  const { transport } = server.stored;
  return transport.type === 'http'
    ? { ok: true, target: { type: 'http', url: transport.url, headers: values } }
    : { ok: true, target: { type: 'stdio', command: transport.command, args: transport.args, env: values } };
}

/**
 * The service's server, asked without a key because none is stored, refuses: that is said in
 * a sentence of Confab's, not as the server's 401 (which would name the host a second time).
 */
export function withoutKey(server: Server, how: McpTarget, found: McpProblem): McpProblem {
  const keyless = !server.stored && how.type === 'http' && how.headers.Authorization === undefined;
  if (!keyless || found.reason !== 'auth') return found;
  const message = "No API key is stored for this profile, and the service's tools need one.";
  return { reason: 'not_configured', message, status: null, code: 'missing_api_key', host: null };
}
