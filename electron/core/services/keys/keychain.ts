import { z } from 'zod';
import type { KeychainProblem } from '../../../../shared/contract/secrets';
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
export function decode(secret: string): KeyEntry {
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

    /**
     * Deletes a secret: null once it is gone, else why it is not. With no Secret Service the
     * library answers "nothing to delete" instead of failing, so the keychain is probed first, and
     * asked afterwards whether the entry really went.
     */
    async remove(account: string): Promise<KeychainProblem | null> {
      try {
        await probe();
        await deps.keytar.deletePassword(service, account);
        if ((await deps.keytar.getPassword(service, account)) !== null) return noteFailure(new Error('the entry was still there after deleting it'), 'failed');
        problem = null;
        return null;
      } catch (error) {
        return noteFailure(error);
      }
    },
  };
}

export type Keychain = ReturnType<typeof createKeychain>;
