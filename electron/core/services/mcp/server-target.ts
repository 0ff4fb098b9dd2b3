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
      return { ok: false, problem: { reason: 'not_configured', why: { code: 'mcp.no_base_url', values: {} }, output: null, status: null, code: null, host: null } };
    }
    const { key, origin } = await deps.service.apiKey(url);
    if (key === null && origin !== null) {
      const { host } = new URL(url);
      return { ok: false, problem: { reason: 'not_configured', why: { code: 'mcp.key_for_other_address', values: { host, origin } }, output: null, status: null, code: null, host } };
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
  return { reason: 'not_configured', why: { code: 'mcp.no_api_key', values: {} }, output: null, status: null, code: 'missing_api_key', host: null };
}
