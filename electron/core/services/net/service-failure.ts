import { type FailureKind, type FailureReason, type ServiceFailure, reasonFor } from '../../../../shared/domain/service-failure';
import type { ProblemValues } from '../../../../shared/domain/problem';
import type { Diagnosis } from './address-rules';
import { type BodyError, readCapped } from './body';
import { DEFAULT_LIMITS } from './limits';
import { explainNetworkError } from './network-errors';
import { redact } from './redact';
import { isTooLong } from './too-long';

/**
 * Reads the error code and message from whatever shape a server sent. The convention is
 * `{"error":{"message","type","param","code"}}`, but proxies and other servers answer with
 * `{"code","message"}`, `{"error":"text"}`, `{"detail": …}` or plain text.
 */
export function readErrorBody(text: string): { code: string | null; message: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    return { code: null, message: trimmed && trimmed.length < 500 && !trimmed.startsWith('<') ? trimmed : null };
  }
  const record = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const top = record(body);
  const nested = record(top.error);
  return {
    code: str(nested.code) ?? str(top.code) ?? str(nested.type) ?? str(top.type),
    message: str(nested.message) ?? str(top.error) ?? str(top.message) ?? str(top.detail) ?? str(record(top.detail).message),
  };
}

/**
 * The service's interface leaves the refusal of a Pro feature on a Free key "not shown", so the
 * rule is tolerant: a 403 whose code or words name the plan (Pro, plan, upgrade, subscription,
 * tier; `pro_plan_required` counts, hence the underscores read as spaces). Any other 4xx is not
 * said to need a plan: its own words are shown (kind 'http').
 */
const PLAN_WORDS = /\b(pro|plans?|upgrade|subscription|tier)\b/i;

function kindOf(status: number, code: string | null, message: string | null): FailureKind {
  if (status === 401) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  if (status === 403 && PLAN_WORDS.test(`${code ?? ''} ${message ?? ''}`.replaceAll('_', ' '))) return 'plan';
  return 'http';
}

/** Retry-After is either seconds or an HTTP date. */
function retryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The failure an error answer describes. Only the first `maxErrorBytes` are read: an error
 * page can be anything, and its message is in the first few hundred bytes if anywhere.
 * `url` is the request's own address: Electron's net.fetch does not fill `response.url`.
 */
export async function failureFromResponse(
  response: Response,
  url = response.url,
  maxErrorBytes = DEFAULT_LIMITS.maxErrorBodyBytes,
): Promise<ServiceFailure> {
  const { bytes } = await readCapped(response.body, maxErrorBytes).catch(() => ({ bytes: new Uint8Array() }));
  const { code, message } = readErrorBody(new TextDecoder().decode(bytes));
  const host = URL.canParse(url) ? new URL(url).host : 'unknown';
  if (response.status === 407) {
    // A forwarding proxy's own refusal, not the service's: the proxy is the one between Confab and the host.
    return diagnosed('network', 'proxy_auth_required', { reason: 'proxy_auth_required', values: { proxy: null, host } }, host);
  }
  const kind = kindOf(response.status, code, message);
  return {
    kind,
    // A service's code is never read as one of Confab's own diagnoses ('timeout', 'too_large'…), which name values it did not send.
    // …except "too long for the model", which every model request recognises the same way (too-long.ts).
    reason: kind === 'http' ? (isTooLong({ status: response.status, code, message }) ? 'context_too_long' : null) : reasonFor(kind, code),
    status: response.status,
    code,
    message: redact(message ?? `${response.status} ${response.statusText || 'error'}`.trim()),
    host,
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}

/** What fetch ran into (refused, unknown host, proxy, certificate…), as a reason and its values. */
export function failureFromNetworkError(error: unknown, url: string): ServiceFailure {
  const host = URL.canParse(url) ? new URL(url).host : url;
  const { code, reason, values } = explainNetworkError(error, host);
  return diagnosed('network', code, { reason, values: redactValues(values) }, host);
}

/** A failure Confab diagnosed itself: no server words, the page says it from the reason and values. */
export function diagnosed(kind: FailureKind, code: string | null, { reason, values }: Diagnosis, host: string | null, status: number | null = null): ServiceFailure {
  return { kind, reason, status, code, message: '', values, host, retryAfterSeconds: null };
}

/** Nothing to send to yet (no base URL, a tool that is not there): the page words the reason and values. */
export const notConfigured = (reason: FailureReason, values: ProblemValues = {}): ServiceFailure => diagnosed('not_configured', null, { reason, values }, null);

/** A body Confab stopped reading (too large, silent), on an answer that had a status. */
export const bodyFailure = (error: BodyError, url: string, status: number): ServiceFailure =>
  diagnosed('http', error.code, { reason: error.reason, values: error.values }, new URL(url).host, status);

const redactValues = (values: ProblemValues): ProblemValues =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value]));
