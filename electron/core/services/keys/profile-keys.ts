import type { KeyChange, KeyStatus } from '../../../../shared/contract/secrets';
import { type ConnectionOutcome, type Settings, originOf } from '../../../../shared/contract/settings';
import type { KeyStore } from './key-store';
import { KeychainError } from './keychain-failure';
import { Problem } from '../../../../shared/domain/problem';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProfileKeysDeps {
  keys: KeyStore;
  settings: { get(): Settings };
  /** Tries a candidate key against a base URL (a one-token chat completion). */
  probe(key: string, baseUrl: string): Promise<ConnectionOutcome>;
  now?: () => Date;
}

/**
 * The rule that a key belongs to an origin: main hands a profile's key only to a URL on the
 * origin (scheme, host, port) it was saved for. A base URL moved elsewhere has no key until
 * the user enters one for it. Every key is tried before it is stored, the first as well as a
 * replacement: an expired key saved silently would only fail later, far from where it was typed.
 */
export function createProfileKeys(deps: ProfileKeysDeps) {
  const now = () => deps.now?.() ?? new Date();

  /**
   * The active profile's key for a request to `url`, or null; `origin` is the stored key's
   * origin either way, so a caller can say "this address needs its own credentials".
   */
  async function keyFor(url: string | null): Promise<{ key: string | null; origin: string | null }> {
    const { entry } = await deps.keys.read(deps.settings.get().profileId);
    if (!entry) return { key: null, origin: null };
    const target = originOf(url);
    return { key: target !== null && target === entry.origin ? entry.key : null, origin: entry.origin };
  }

  async function status(): Promise<KeyStatus> {
    const settings = deps.settings.get();
    const { entry, storage } = await deps.keys.read(settings.profileId);
    const currentOrigin = originOf(settings.baseUrl);
    const ageDays = entry?.savedAt ? Math.max(0, Math.floor((now().getTime() - Date.parse(entry.savedAt)) / DAY_MS)) : null;
    return {
      stored: entry !== null,
      last4: entry ? entry.key.slice(-4) : null,
      storage,
      keychainProblem: deps.keys.keychainProblem(),
      deletionPending: deps.keys.deletionPending(settings.profileId),
      warning: entry && !entry.key.startsWith('sk-') ? 'not_a_service_key' : null,
      origin: entry?.origin ?? null,
      currentOrigin,
      usable: entry !== null && currentOrigin !== null && entry.origin === currentOrigin,
      savedAt: entry?.savedAt ?? null,
      ageDays,
      rotationDue: ageDays !== null && settings.keyReminderDays !== null && ageDays >= settings.keyReminderDays,
    };
  }

  /** Saves a key for the base URL's origin once the candidate works there; a refused one changes nothing. */
  async function setKey(key: string, options: { memoryOnly: boolean }): Promise<KeyChange> {
    const settings = deps.settings.get();
    const origin = originOf(settings.baseUrl);
    if (origin === null) throw new Problem('key.no_base_url');
    const outcome = await deps.probe(key, settings.baseUrl);
    if (!outcome.ok) return { status: await status(), refused: outcome.failure, notStored: null };
    try {
      await deps.keys.save(settings.profileId, { key, origin, savedAt: now().toISOString() }, options);
    } catch (error) {
      if (!(error instanceof KeychainError)) throw error;
      return { status: await status(), refused: null, notStored: error.problem };
    }
    return { status: await status(), refused: null, notStored: null };
  }

  async function deleteKey(): Promise<KeyStatus> {
    await deps.keys.remove(deps.settings.get().profileId);
    return status();
  }

  return { keyFor, status, setKey, deleteKey };
}

export type ProfileKeys = ReturnType<typeof createProfileKeys>;
