import { z } from 'zod';
import { call } from './define';
import { serviceFailure } from '../domain/service-failure';

/**
 * What the renderer may know about the API key: whether one is stored, where, and its
 * last four characters. No call returns the key itself.
 */
export const keyStatusSchema = z.object({
  stored: z.boolean(),
  last4: z.string().max(4).nullable(),
  /** keychain: the OS keychain; memory: this run only (no Secret Service); none: no key. */
  storage: z.enum(['keychain', 'memory', 'none']),
  keychainAvailable: z.boolean(),
  /** Why the keychain cannot be used, in words for the user; null while it works. */
  keychainProblem: z.string().nullable(),
  /** Set when the stored key does not look like a service key (no `sk-` prefix). */
  warning: z.string().nullable(),
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
    /** Keep the key in memory for this run only; offered when no keychain is available. */
    memoryOnly: z.boolean().default(false),
  })
  .strict();

/**
 * Saving a key: main first tries the candidate against the base URL (a one-token completion),
 * the first key as well as a replacement; `refused` says why it was not taken (nothing changed).
 */
export const keyChangeSchema = z.object({
  status: keyStatusSchema,
  refused: serviceFailure.nullable(),
});

export const secretsArea = {
  status: call(z.void(), keyStatusSchema),
  setKey: call(setKeyInputSchema, keyChangeSchema),
  deleteKey: call(z.void(), keyStatusSchema),
};

export type KeyStatus = z.infer<typeof keyStatusSchema>;
export type KeyChange = z.infer<typeof keyChangeSchema>;
