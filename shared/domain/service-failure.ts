import { z } from 'zod';
import { problemValuesSchema } from './problem';

/**
 * Why a request to the service did not succeed, classified once in main so every
 * screen shows the same guidance. `message` is the server's own words where it sent any.
 */
export const failureKind = z.enum([
  'auth', // 401: reason is missing_api_key, invalid_api_key or expired_api_key when the service said so
  'plan', // a 403 whose code or words name the plan (Pro): the server's refusal of a Pro feature
  'rate_limit', // 429
  'server', // 5xx
  'http', // any other status, a 4xx that does not name the plan included (the server's words say why)
  'network', // the host could not be reached
  'not_configured', // no base URL yet
  'stream', // an error reported inside a stream
]);

/**
 * What main recognised beyond the kind: the service's key codes and Confab's own transport
 * refusals and diagnoses. The page words every one of them (failure-guidance.ts), so a reason
 * added here without words fails the type check.
 */
export const failureReason = z.enum([
  'missing_api_key',
  'invalid_api_key',
  'expired_api_key',
  'no_base_url',
  'tools_unavailable',
  'insecure_address',
  'unsupported_scheme',
  'cross_origin_redirect',
  'too_many_redirects',
  'bad_redirect',
  'redirected_upload',
  'proxy_auth_required',
  'proxy_unreachable',
  'proxy_refused',
  'certificate_untrusted',
  'certificate_expired',
  'certificate_wrong_host',
  'unreachable',
  'connection_cut',
  'timeout',
  // The answer had begun, then nothing more came.
  'idle',
  'too_large',
  // The service found the request longer than the model reads (a 400 or 413 saying the input is over the context); its words say how much.
  'context_too_long',
  'event_too_large',
  // The connection broke mid-reply.
  'stream_cut',
  // Confab itself failed while carrying on a reply.
  'reply_failed',
  // The model kept asking for tools past the step limit (the chat offers to continue).
  'tool_step_limit',
  // A tool the conversation offers is not there to offer: its server was removed, is still
  // connecting, or no longer has the tool ({server}, {tool}).
  'tool_server_removed',
  'tool_server_connecting',
  'tool_missing',
  // The service's answer did not parse as what was asked for: a transcript ({format}) or a stream event ({excerpt}).
  'unreadable_answer',
  'malformed_event',
]);

const KEY_REASONS: ReadonlySet<FailureReason> = new Set(['missing_api_key', 'invalid_api_key', 'expired_api_key']);

/**
 * The reason a failure of `kind` with `code` has: the service's key codes on a 401, the step
 * limit on a stream, Confab's own transport codes on what it refused or could not reach. Main
 * classifies with it, and a failure stored before reasons existed reads with it.
 */
export function reasonFor(kind: FailureKind, code: string | null): FailureReason | null {
  const reason = failureReason.safeParse(code).data ?? null;
  if (reason === null) return null;
  switch (kind) {
    case 'auth':
      return KEY_REASONS.has(reason) ? reason : null;
    case 'stream':
      return reason === 'tool_step_limit' ? reason : null;
    case 'network':
    case 'http':
    case 'not_configured':
      return KEY_REASONS.has(reason) || reason === 'tool_step_limit' ? null : reason;
    case 'plan':
    case 'rate_limit':
    case 'server':
      return null;
  }
}

export const serviceFailure = z
  .object({
    kind: failureKind,
    reason: failureReason.nullable().optional(),
    status: z.number().nullable(),
    /** The code as it came (the service's, the system's or Confab's), shown to the user verbatim. */
    code: z.string().nullable(),
    /** The server's own words; empty when the failure is Confab's own diagnosis, said from `reason` and `values`. */
    message: z.string(),
    /** What a diagnosis names (a host, a proxy, a system error code, a limit): the page words them with the reason. */
    values: problemValuesSchema.optional(),
    host: z.string().nullable(),
    retryAfterSeconds: z.number().nullable(),
    /**
     * The profile a plan refusal (kind 'plan') was sent with: the service never says a key's plan, so
     * the page offers to set that profile to Free, and the profile may no longer be the active one.
     */
    profileId: z.string().optional(),
  })
  .transform(({ reason, ...failure }) => ({ ...failure, reason: reason === undefined ? reasonFor(failure.kind, failure.code) : reason }));

export type FailureKind = z.infer<typeof failureKind>;
export type FailureReason = z.infer<typeof failureReason>;
export type ServiceFailure = z.infer<typeof serviceFailure>;
