import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { McpServerInput } from '../../../../shared/contract/mcp';
import { originOf } from '../../../../shared/contract/settings';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';
import type { SecretKind, ServerSecrets } from './server-secrets';
import { Problem } from '../../../../shared/domain/problem';

const FILE = 'mcp-servers.json';

/** A user-added server as saved in the user-data folder: the names of its secrets, never their values. */
const storedServerSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  transport: z.discriminatedUnion('type', [
    z.object({ type: z.literal('http'), url: z.string(), headers: z.array(z.string()) }),
    z.object({ type: z.literal('stdio'), command: z.string(), args: z.array(z.string()), env: z.array(z.string()) }),
  ]),
});
const fileSchema = z.object({ version: z.literal(1), servers: z.array(storedServerSchema) });

export type StoredServer = z.infer<typeof storedServerSchema>;

const kindOf = (server: StoredServer): SecretKind => (server.transport.type === 'http' ? 'header' : 'env');
const namesOf = (server: StoredServer) => (server.transport.type === 'http' ? server.transport.headers : server.transport.env);
const entriesOf = (input: McpServerInput) => (input.transport.type === 'http' ? input.transport.headers : input.transport.env);

const sameOrigin = (before: StoredServer, after: StoredServer) =>
  before.transport.type !== 'http' || after.transport.type !== 'http' || originOf(before.transport.url) === originOf(after.transport.url);

function toStored(id: string, input: McpServerInput): StoredServer {
  const { transport } = input;
  return {
    id,
    name: input.name,
    transport:
      transport.type === 'http'
        ? { type: 'http', url: transport.url, headers: transport.headers.map((header) => header.name) }
        : { type: 'stdio', command: transport.command, args: transport.args, env: transport.env.map((entry) => entry.name) },
  };
}

/** The user's MCP servers: the list in `mcp-servers.json` (written atomically), their secrets in the keychain. */
export async function loadServerConfigs(deps: { dir: string; secrets: ServerSecrets }) {
  const path = join(deps.dir, FILE);
  const write = createAtomicWriter(path);
  let servers = (await readJsonFile(path, fileSchema))?.servers ?? [];
  const persist = () => write(JSON.stringify({ version: 1, servers }, null, 2));

  const find = (id: string) => {
    const server = servers.find((candidate) => candidate.id === id);
    if (!server) throw new Problem('mcp.server_gone');
    return server;
  };

  /**
   * Stores the values given, then forgets what `before` had and `after` has not. A value left
   * out keeps the stored one — unless the server moved to another origin: headers were given
   * for one address, so a page that only changes the URL must not carry them to its own host.
   */
  async function saveSecrets(after: StoredServer, input: McpServerInput, before: StoredServer | null) {
    for (const entry of entriesOf(input)) {
      if (entry.value !== undefined) await deps.secrets.write(after.id, kindOf(after), entry.name, entry.value);
    }
    if (!before) return;
    const given = new Set(entriesOf(input).flatMap((entry) => (entry.value !== undefined ? [entry.name] : [])));
    const kept = kindOf(before) !== kindOf(after) ? new Set<string>() : sameOrigin(before, after) ? new Set(namesOf(after)) : given;
    for (const name of namesOf(before)) if (!kept.has(name)) await deps.secrets.remove(before.id, kindOf(before), name);
  }

  return {
    all: () => servers,

    async add(input: McpServerInput): Promise<StoredServer> {
      const server = toStored(randomUUID(), input);
      await saveSecrets(server, input, null);
      servers = [...servers, server];
      await persist();
      return server;
    },

    async update(id: string, input: McpServerInput): Promise<StoredServer> {
      const before = find(id);
      const server = toStored(id, input);
      await saveSecrets(server, input, before);
      servers = servers.map((candidate) => (candidate.id === id ? server : candidate));
      await persist();
      return server;
    },

    async remove(id: string): Promise<void> {
      const server = find(id);
      servers = servers.filter((candidate) => candidate !== server);
      await persist();
      for (const name of namesOf(server)) await deps.secrets.remove(id, kindOf(server), name);
    },

    /** The stored secret values by name; a name whose value is not in the keychain is left out. */
    async secretValues(server: StoredServer): Promise<Record<string, string>> {
      const values: Record<string, string> = {};
      for (const name of namesOf(server)) {
        const value = await deps.secrets.read(server.id, kindOf(server), name);
        if (value !== null) values[name] = value;
      }
      return values;
    },
  };
}

export type ServerConfigs = Awaited<ReturnType<typeof loadServerConfigs>>;
