import type { KeyStatus } from '../../shared/contract/secrets';

/** The part of keytar's API Confab uses; `@napi-rs/keyring/keytar` implements it. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

const NO_KEYCHAIN =
  'No system keychain is available (on Linux this needs a Secret Service such as GNOME Keyring or KWallet). ' +
  'You can use a key for this run only: it is kept in memory and never written to disk.';

const NOT_A_SERVICE_KEY =
  'This key does not start with "sk-", the prefix of the service\'s API keys. It was saved; if requests fail, copy the key again from the developer dashboard.';

/**
 * Holds the API key for main. The key lives in the OS keychain; when there is none, the
 * user may opt into keeping it in memory for this run. Only `status()` is ever sent to the
 * renderer; `read()` is for main's own HTTP calls.
 */
export function createKeyStore(deps: { keytar: Keytar; service?: string; account?: string }) {
  const service = deps.service ?? 'Confab';
  const account = deps.account ?? 'api-key';
  let memoryKey: string | null = null;
  let keychainProblem: string | null = null;

  const noteFailure = (error: unknown) => {
    keychainProblem = NO_KEYCHAIN;
    console.warn('Keychain unavailable:', error instanceof Error ? error.message : error);
  };

  async function readKeychain(): Promise<string | null> {
    try {
      // getPassword answers "no key" when the Secret Service is unreachable, so availability is
      // probed first with a search that throws instead. The probe searches a service name that
      // holds no entries: listing the real entries would race with other profiles changing theirs.
      await deps.keytar.findCredentials(`${service} availability probe`);
      const value = await deps.keytar.getPassword(service, account);
      keychainProblem = null;
      return value;
    } catch (error) {
      noteFailure(error);
      return null;
    }
  }

  async function read(): Promise<string | null> {
    return memoryKey ?? (await readKeychain());
  }

  async function status(): Promise<KeyStatus> {
    const key = await read();
    return {
      stored: key !== null,
      last4: key ? key.slice(-4) : null,
      storage: memoryKey !== null ? 'memory' : key !== null ? 'keychain' : 'none',
      keychainAvailable: keychainProblem === null,
      keychainProblem,
      warning: key && !key.startsWith('sk-') ? NOT_A_SERVICE_KEY : null,
    };
  }

  async function set(key: string, options: { memoryOnly: boolean }): Promise<KeyStatus> {
    if (options.memoryOnly) {
      memoryKey = key;
      return status();
    }
    try {
      await deps.keytar.setPassword(service, account, key);
      memoryKey = null;
      keychainProblem = null;
    } catch (error) {
      noteFailure(error);
      throw new Error(`${NO_KEYCHAIN} The key was not saved.`);
    }
    return status();
  }

  async function remove(): Promise<KeyStatus> {
    memoryKey = null;
    try {
      await deps.keytar.deletePassword(service, account);
    } catch (error) {
      noteFailure(error);
    }
    return status();
  }

  return { read, status, set, remove };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
