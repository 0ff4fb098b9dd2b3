import { z } from 'zod';
import { call } from './define';

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

export const secretsArea = {
  status: call(z.void(), keyStatusSchema),
  setKey: call(setKeyInputSchema, keyStatusSchema),
  deleteKey: call(z.void(), keyStatusSchema),
};

export type KeyStatus = z.infer<typeof keyStatusSchema>;
