import type { Keytar } from '../../electron/core/services/keys/keychain';

/** keytar's API over a Map (`service\0account` → secret), so tests can see exactly what was stored. */
export function memoryKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const at = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    findCredentials: async (service) =>
      [...entries].filter(([key]) => key.startsWith(`${service}\u0000`)).map(([key, password]) => ({ account: key.slice(service.length + 1), password })),
    getPassword: async (service, account) => entries.get(at(service, account)) ?? null,
    setPassword: async (service, account, password) => void entries.set(at(service, account), password),
    deletePassword: async (service, account) => entries.delete(at(service, account)),
  };
}
