import type { McpServerStatus, McpServerView } from '../../../../shared/contract/mcp';
import type { ServerConfigs, StoredServer } from './server-configs';

/** A server as the host knows it: the service's own (`stored` null) or one the user added. */
export interface Server {
  id: string;
  name: string;
  stored: StoredServer | null;
}

/** What the renderer sees of a server: its settings with secret names but never values, and its status. */
export async function serverView(
  server: Server,
  status: McpServerStatus,
  deps: { configs: ServerConfigs; service: { url(): string | null } },
): Promise<McpServerView> {
  const { id, name, stored } = server;
  if (!stored) return { id, name, builtIn: true, transport: { type: 'http', url: deps.service.url() ?? '', headers: [] }, status };
  const values = await deps.configs.secretValues(stored);
  const secrets = (names: string[]) => names.map((secret) => ({ name: secret, hasValue: secret in values }));
  const { transport } = stored;
  return {
    id,
    name,
    builtIn: false,
    transport:
      transport.type === 'http'
        ? { type: 'http', url: transport.url, headers: secrets(transport.headers) }
        : { type: 'stdio', command: transport.command, args: transport.args, env: secrets(transport.env) },
    status,
  };
}
