import { type Keytar, createKeyStore } from '../keychain';

/** Which of a server's secrets: an HTTP header's value or an environment variable's. */
export type SecretKind = 'header' | 'env';

/**
 * Header and environment values of user-added MCP servers, each in its own keychain account
 * (next to the API key's, under the same data folder), so settings files never hold one.
 */
export function createServerSecrets(deps: { keytar: Keytar; service: string; accountPrefix: string }) {
  const store = (serverId: string, kind: SecretKind, name: string) =>
    createKeyStore({ keytar: deps.keytar, service: deps.service, account: `${deps.accountPrefix}#mcp/${serverId}/${kind}/${name}` });

  return {
    read: (serverId: string, kind: SecretKind, name: string) => store(serverId, kind, name).read(),

    async write(serverId: string, kind: SecretKind, name: string, value: string): Promise<void> {
      try {
        await store(serverId, kind, name).set(value, { memoryOnly: false });
      } catch {
        throw new Error(
          `No system keychain is available, so the value of ${name} could not be stored safely. ` +
            'Nothing was saved; set up a keychain (on Linux a Secret Service such as GNOME Keyring) and try again.',
        );
      }
    },

    remove: async (serverId: string, kind: SecretKind, name: string) => void (await store(serverId, kind, name).remove()),
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;
