import { z } from 'zod';
import type { KeyStatus, KeychainProblem } from '../../../../shared/contract/secrets';
import { log } from '../../log';
import { KeychainError, keychainProblemOf } from './keychain-failure';

/** The part of keytar's API Confab uses; `@napi-rs/keyring/keytar` implements it. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * A stored key with the origin it was saved for and when. They sit together in one keychain
 * secret so that one write changes all three: a key can never be paired with another origin,
 * even if Confab stops half-way through replacing it.
 */
const entrySchema = z.object({ key: z.string().min(1), origin: z.string().nullable(), savedAt: z.string().nullable() });
export type KeyEntry = z.infer<typeof entrySchema>;

/** A secret written before keys had origins is the bare key: it is kept but bound to nothing. */
function decode(secret: string): KeyEntry {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(secret));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: a bare key
  }
  return { key: secret, origin: null, savedAt: null };
}

/**
 * Secrets in the OS keychain under one service name, one account each. Reading never throws:
 * an unreachable keychain reads as "nothing stored" and is remembered as `problem()`, by kind.
 */
export function createKeychain(deps: { keytar: Keytar; service?: string }) {
  const service = deps.service ?? 'Confab';
  let problem: KeychainProblem | null = null;

  const noteFailure = (error: unknown, kind = keychainProblemOf(error)) => {
    problem = kind;
    log.warn(`Keychain ${kind}:`, error instanceof Error ? error.message : error);
    return kind;
  };

  // getPassword answers "no key" when the Secret Service is unreachable, so availability is
  // probed with a search that throws instead. The probe searches a service name that holds no
  // entries: listing the real entries would race with other profiles changing theirs.
  const probe = () => deps.keytar.findCredentials(`${service} availability probe`);

  return {
    problem: () => problem,

    async read(account: string): Promise<string | null> {
      try {
        await probe();
        const value = await deps.keytar.getPassword(service, account);
        problem = null;
        return value;
      } catch (error) {
        noteFailure(error);
        return null;
      }
    },

    /** Throws a KeychainError naming why the secret could not be stored. */
    async write(account: string, value: string): Promise<void> {
      try {
        await deps.keytar.setPassword(service, account, value);
        problem = null;
      } catch (error) {
        // Without a Secret Service the library writes to a fallback store whose refusal would
        // read as "denied": the missing Secret Service is what the user can act on.
        const unreachable = await probe().then(
          () => null,
          (probeError: unknown) => keychainProblemOf(probeError),
        );
        throw new KeychainError(noteFailure(error, unreachable ?? keychainProblemOf(error)));
      }
    },

    async remove(account: string): Promise<void> {
      try {
        await deps.keytar.deletePassword(service, account);
      } catch (error) {
        noteFailure(error);
      }
    },
  };
}

export type Keychain = ReturnType<typeof createKeychain>;

/**
 * Holds each profile's API key for main, one keychain entry per profile (account
 * `<accountPrefix>#<profileId>`). When the keychain cannot store a key the user may opt into
 * keeping it in memory for this run. Where a key may go is decided in profile-keys.ts.
 */
export function createKeyStore(deps: { keychain: Keychain; accountPrefix: string }) {
  const account = (profileId: string) => `${deps.accountPrefix}#${profileId}`;
  const memory = new Map<string, KeyEntry>();

  // What the keychain last answered, per profile. Main is the only writer of these entries (one
  // app per data folder, data-lock.ts), so a request need not ask the Secret Service again: two
  // D-Bus round trips on every Send were most of its latency. A failed read or write is not
  // remembered and forgets what was: after it, what the keychain holds is not known.
  const known = new Map<string, KeyEntry | null>();

  async function read(profileId: string): Promise<{ entry: KeyEntry | null; storage: KeyStatus['storage'] }> {
    const inMemory = memory.get(profileId);
    if (inMemory) return { entry: inMemory, storage: 'memory' };
    if (!known.has(profileId)) {
      const secret = await deps.keychain.read(account(profileId));
      if (deps.keychain.problem() !== null) return { entry: null, storage: 'unknown' };
      known.set(profileId, secret === null ? null : decode(secret));
    }
    const entry = known.get(profileId) ?? null;
    return entry === null ? { entry: null, storage: 'none' } : { entry, storage: 'keychain' };
  }

  async function save(profileId: string, entry: KeyEntry, options: { memoryOnly: boolean }): Promise<void> {
    if (options.memoryOnly) {
      memory.set(profileId, entry);
      return;
    }
    try {
      await deps.keychain.write(account(profileId), JSON.stringify(entry));
    } catch (error) {
      known.delete(profileId);
      throw error;
    }
    known.set(profileId, entry);
    memory.delete(profileId);
  }

  async function remove(profileId: string): Promise<void> {
    memory.delete(profileId);
    known.delete(profileId);
    await deps.keychain.remove(account(profileId));
  }

  /**
   * Moves the entry of a data folder from before profiles (account = the folder, value = the
   * bare key) to a profile, bound to the origin of that profile's base URL. Its age starts now:
   * when it was first saved was never recorded.
   */
  async function adoptLegacy(legacyAccount: string, profileId: string, origin: string | null, now: Date): Promise<void> {
    const secret = await deps.keychain.read(legacyAccount);
    if (secret === null) return;
    await save(profileId, { key: decode(secret).key, origin, savedAt: now.toISOString() }, { memoryOnly: false });
    await deps.keychain.remove(legacyAccount);
  }

  return { read, save, remove, adoptLegacy, keychainProblem: deps.keychain.problem };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
