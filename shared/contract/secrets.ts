import { z } from 'zod';
import { call } from './define';
import { serviceFailure } from '../domain/service-failure';

/**
 * Why the OS keychain could not be used. locked: its unlock prompt could not be shown or was
 * dismissed; unavailable: no keychain to keep keys in (on Linux, no Secret Service or no default
 * keyring); denied: it refused Confab; failed: anything else (the library's words go to the log only).
 */
export const keychainProblemSchema = z.enum(['locked', 'unavailable', 'denied', 'failed']);

/** not_a_service_key: the stored key lacks the `sk-` prefix of the service's keys (it was saved all the same). */
export const keyWarningSchema = z.enum(['not_a_service_key']);

/**
 * What the renderer may know about the API key: whether one is stored, where, and its
 * last four characters. No call returns the key itself.
 */
export const keyStatusSchema = z.object({
  stored: z.boolean(),
  last4: z.string().max(4).nullable(),
  /**
   * keychain: the OS keychain; memory: this run only; none: no key; unknown: the keychain could
   * not be read, so whether it holds a key cannot be told (keychainProblem says why).
   */
  storage: z.enum(['keychain', 'memory', 'none', 'unknown']),
  /** Why the keychain's last answer was a failure; null while it works. */
  keychainProblem: keychainProblemSchema.nullable(),
  /**
   * Set when the user deleted the key but the keychain could not delete its entry (why): Confab
   * holds no key and never reads that entry, and deletes it once the keychain answers again.
   */
  deletionPending: keychainProblemSchema.nullable(),
  /** Set when the stored key does not look like a service key. */
  warning: keyWarningSchema.nullable(),
  /** The origin (scheme, host, port) the stored key was saved for; main sends it nowhere else. */
  origin: z.string().nullable(),
  /** The origin of the profile's base URL now; null before one is set. */
  currentOrigin: z.string().nullable(),
  /** True when a key is stored and the base URL is on its origin: requests carry it. */
  usable: z.boolean(),
  /** When the key was saved (ISO 8601), and its age in whole days. */
  savedAt: z.string().nullable(),
  ageDays: z.number().nullable(),
  /** The gentle reminder, once the key is older than the period chosen in Settings. */
  rotationDue: z.boolean(),
});

export const setKeyInputSchema = z
  .object({
    key: z
      .string()
      .trim()
      .min(1, 'Enter an API key.')
      .refine((key) => !/\s/.test(key), 'An API key has no spaces or line breaks; paste it again.'),
    /** Keep the key in memory for this run only; offered when the keychain cannot store it. */
    memoryOnly: z.boolean().default(false),
  })
  .strict();

/**
 * Saving a key: main first tries the candidate against the base URL (a one-token completion),
 * the first key as well as a replacement; `refused` says why it was not taken (nothing changed).
 * `notStored` says why a key the service accepted could not be written to the keychain: it is
 * then held nowhere, and the user may keep it for this run only.
 */
export const keyChangeSchema = z.object({
  status: keyStatusSchema,
  refused: serviceFailure.nullable(),
  notStored: keychainProblemSchema.nullable(),
});

export const secretsArea = {
  status: call(z.void(), keyStatusSchema),
  setKey: call(setKeyInputSchema, keyChangeSchema),
  deleteKey: call(z.void(), keyStatusSchema),
};

export type KeyStatus = z.infer<typeof keyStatusSchema>;
export type KeyChange = z.infer<typeof keyChangeSchema>;
export type KeychainProblem = z.infer<typeof keychainProblemSchema>;
export type KeyWarning = z.infer<typeof keyWarningSchema>;
