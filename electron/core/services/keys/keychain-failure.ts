import type { KeychainProblem } from '../../../../shared/contract/secrets';
import { errorText } from '../../../../shared/domain/error-text';

/**
 * What @napi-rs/keyring throws, by kind. It throws plain Errors whose message is the Display of the
 * Rust error, so the kind is read from those words: keyring-core wraps the store's error
 * ("Couldn't access platform storage: …" for NoStorageAccess), dbus-secret-service names Locked,
 * NoResult and Prompt, and the secret-service crate behind findCredentials speaks zbus. Where no
 * Secret Service can be reached on Linux the library falls back to the kernel keyring, whose refusal
 * reads "AccessDenied": that is why a failed write is classified after asking whether the Secret
 * Service answers at all (keychain.ts).
 */
const KINDS: Array<[KeychainProblem, RegExp]> = [
  // The collection is locked and its unlock prompt could not be shown (no display) or was dismissed.
  ['locked', /unlock prompt was dismissed|prompt dismissed|object locked|IsLocked|connection closed before prompt completed/i],
  // No session bus, no Secret Service on it, or one with no default keyring to write into.
  [
    'unavailable',
    /Failed to connect to address|No DBus session or Secret Service provider found|no secret service provider or dbus session found|ServiceUnknown|NameHasNoOwner|no result found|result not returned from SS API/i,
  ],
  ['denied', /AccessDenied|access denied|rejected by the platform|not allowed|user canceled/i],
];

export function keychainProblemOf(error: unknown): KeychainProblem {
  const words = errorText(error);
  return KINDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'failed';
}

/** A keychain write that did not happen, and why. */
export class KeychainError extends Error {
  constructor(readonly problem: KeychainProblem) {
    super(`The system keychain could not store the key (${problem}).`);
  }
}
