import { z } from 'zod';

/**
 * Why a request to the service did not succeed, classified once in main so every
 * screen shows the same guidance. `message` is the server's own words where it sent any.
 */
export const failureKind = z.enum([
  'auth', // 401: code is missing_api_key, invalid_api_key or expired_api_key
  'plan', // a 4xx other than 401 on a Pro feature: the server's refusal
  'rate_limit', // 429
  'server', // 5xx
  'http', // any other status
  'network', // the host could not be reached
  'not_configured', // no base URL yet
  'stream', // an error reported inside a stream
]);

export const serviceFailure = z.object({
  kind: failureKind,
  status: z.number().nullable(),
  code: z.string().nullable(),
  message: z.string(),
  host: z.string().nullable(),
  retryAfterSeconds: z.number().nullable(),
});

export type FailureKind = z.infer<typeof failureKind>;
export type ServiceFailure = z.infer<typeof serviceFailure>;

/** An unexpected failure inside Confab itself, as a stream's final `failed` event. */
export const internalFailure = (message: string) => ({
  type: 'failed' as const,
  failure: { kind: 'http' as const, status: null, code: 'internal_error', message, host: null, retryAfterSeconds: null },
});
