import type { Keytar } from '../../electron/services/keychain';

/** A keychain held in a Map, for unit tests of what main does with keys; the real one is in tests/integration. */
export function memoryKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const name = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    getPassword: async (service, account) => entries.get(name(service, account)) ?? null,
    findCredentials: async () => [],
    setPassword: async (service, account, password) => void entries.set(name(service, account), password),
    deletePassword: async (service, account) => entries.delete(name(service, account)),
  };
}
