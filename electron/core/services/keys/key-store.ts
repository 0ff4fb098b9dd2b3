import type { KeyStatus, KeychainProblem } from '../../../../shared/contract/secrets';
import { type KeyEntry, type Keychain, decode } from './keychain';
import { createTurns } from './in-turn';
import type { PendingDeletions } from './pending-deletions';

/**
 * Holds each profile's API key for main, one keychain entry per profile (account
 * `<accountPrefix>#<profileId>`). When the keychain cannot store a key the user may opt into
 * keeping it in memory for this run. Where a key may go is decided in profile-keys.ts.
 *
 * A deletion the keychain could not carry out is remembered (pending-deletions.ts): from then on
 * that entry is never read, each use and `finishDeletions` try to delete it again, and a new key
 * saved to the keychain replaces it, which ends the deletion too.
 */
export function createKeyStore(deps: { keychain: Keychain; accountPrefix: string; deletions: PendingDeletions }) {
  const account = (profileId: string) => `${deps.accountPrefix}#${profileId}`;
  const memory = new Map<string, KeyEntry>();

  // What the keychain last answered, per profile. Main is the only writer of these entries (one
  // app per data folder, data-lock.ts), so a request need not ask the Secret Service again: two
  // D-Bus round trips on every Send were most of its latency. A failed read or write is not
  // remembered and forgets what was: after it, what the keychain holds is not known.
  const known = new Map<string, KeyEntry | null>();

  const inTurn = createTurns();

  /** Tries a pending deletion again; true once the entry is gone. */
  async function finishDeletion(profileId: string): Promise<boolean> {
    if (!(await deps.deletions.retry(profileId, () => deps.keychain.remove(account(profileId))))) return false;
    // The keychain answers again, and what it holds may have changed while it did not (a key
    // saved elsewhere, a keyring unlocked): every profile's entry is read afresh.
    known.clear();
    return true;
  }

  async function read(profileId: string): Promise<{ entry: KeyEntry | null; storage: KeyStatus['storage'] }> {
    return inTurn(profileId, async () => {
      // Each use tries a pending deletion again; until it is done, that entry is never read.
      const pending = deps.deletions.has(profileId) && !(await finishDeletion(profileId));
      const inMemory = memory.get(profileId);
      if (inMemory) return { entry: inMemory, storage: 'memory' as const };
      if (pending) return { entry: null, storage: 'none' as const };
      if (!known.has(profileId)) {
        const secret = await deps.keychain.read(account(profileId));
        if (deps.keychain.problem() !== null) return { entry: null, storage: 'unknown' as const };
        known.set(profileId, secret === null ? null : decode(secret));
      }
      const entry = known.get(profileId) ?? null;
      return entry === null ? { entry: null, storage: 'none' as const } : { entry, storage: 'keychain' as const };
    });
  }

  async function save(profileId: string, entry: KeyEntry, options: { memoryOnly: boolean }): Promise<void> {
    if (options.memoryOnly) {
      memory.set(profileId, entry);
      return;
    }
    await inTurn(profileId, async () => {
      try {
        await deps.keychain.write(account(profileId), JSON.stringify(entry));
      } catch (error) {
        known.delete(profileId);
        throw error;
      }
      known.set(profileId, entry);
      memory.delete(profileId);
      // The new key took the deleted one's place in its entry: nothing is left to delete.
      await deps.deletions.clear(profileId);
    });
  }

  /** Confab forgets the key at once; the keychain entry goes now, or when the keychain is back. */
  async function remove(profileId: string): Promise<void> {
    memory.delete(profileId);
    known.delete(profileId);
    await inTurn(profileId, async () => {
      // Remembered before the keychain is asked, so a crash during the attempt still never reads the entry.
      await deps.deletions.mark(profileId, null);
      await finishDeletion(profileId);
    });
  }

  /** Tries every pending deletion again (the deleted profiles' too): called periodically by core. */
  const finishDeletions = () => deps.deletions.retryAll(inTurn, finishDeletion);

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

  return {
    read,
    save,
    remove,
    finishDeletions,
    adoptLegacy,
    keychainProblem: deps.keychain.problem,
    /** Why the keychain still holds a key the user deleted from this profile; null when it does not. */
    deletionPending: (profileId: string): KeychainProblem | null => deps.deletions.problem(profileId),
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;

/**
 * A key deleted while the keychain failed is deleted from it once it answers: on the next use of
 * that profile's key (read), and here, now and every minute, for the profiles not in use (deleted
 * ones included); the same for MCP servers' secrets (server-secrets.ts). Returns the stop.
 */
export function retryKeyDeletions(store: { finishDeletions(): Promise<void> }, everyMs = 60_000): () => void {
  void store.finishDeletions();
  const timer = setInterval(() => void store.finishDeletions(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
