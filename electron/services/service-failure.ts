import type { FailureKind, ServiceFailure } from '../../shared/domain/service-failure';

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

function kindOf(status: number): FailureKind {
  if (status === 401) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  if (status >= 400) return 'plan';
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

export async function failureFromResponse(response: Response): Promise<ServiceFailure> {
  const { code, message } = readErrorBody(await response.text().catch(() => ''));
  return {
    kind: kindOf(response.status),
    status: response.status,
    code,
    message: message ?? `${response.status} ${response.statusText || 'error'}`.trim(),
    host: new URL(response.url || 'http://unknown').host,
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}

/** fetch's TypeError hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, certificate…). */
export function failureFromNetworkError(error: unknown, url: string): ServiceFailure {
  const host = URL.canParse(url) ? new URL(url).host : url;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return {
    kind: 'network',
    status: null,
    code: cause?.code ?? null,
    message: `Could not reach ${host} (${reason}).`,
    host,
    retryAfterSeconds: null,
  };
}

export function notConfigured(message: string): ServiceFailure {
  return { kind: 'not_configured', status: null, code: null, message, host: null, retryAfterSeconds: null };
}
