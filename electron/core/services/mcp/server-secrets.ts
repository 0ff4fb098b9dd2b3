import { type Keytar, createKeychain } from '../keys/keychain';
import { Problem } from '../../../../shared/domain/problem';

/** Which of a server's secrets: an HTTP header's value or an environment variable's. */
export type SecretKind = 'header' | 'env';

/**
 * Header and environment values of user-added MCP servers, each in its own keychain account
 * (next to the API key's, under the same data folder), so settings files never hold one.
 */
export function createServerSecrets(deps: { keytar: Keytar; service: string; accountPrefix: string }) {
  const keychain = createKeychain(deps);
  const account = (serverId: string, kind: SecretKind, name: string) => `${deps.accountPrefix}#mcp/${serverId}/${kind}/${name}`;

  return {
    read: (serverId: string, kind: SecretKind, name: string) => keychain.read(account(serverId, kind, name)),

    async write(serverId: string, kind: SecretKind, name: string, value: string): Promise<void> {
      try {
        await keychain.write(account(serverId, kind, name), value);
      } catch {
        throw new Problem('mcp.no_keychain', { name });
      }
    },

    remove: (serverId: string, kind: SecretKind, name: string) => keychain.remove(account(serverId, kind, name)),
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;
