import { type FailureKind, type ServiceFailure, reasonFor } from '../../../../shared/domain/service-failure';
import { readCapped } from './body';
import { DEFAULT_LIMITS } from './limits';
import { explainNetworkError } from './network-errors';
import { redact } from './redact';

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
    // A forwarding proxy's own refusal, not the service's.
    const text = `A proxy between Confab and ${host} asks for a user name and password (407 Proxy Authentication Required). Add them to the proxy address, or ask your IT department which proxy to use.`;
    return { kind: 'network', reason: 'proxy_auth_required', status: null, code: 'proxy_auth_required', message: text, host, retryAfterSeconds: null };
  }
  const kind = kindOf(response.status);
  return {
    kind,
    reason: reasonFor(kind, code),
    status: response.status,
    code,
    message: redact(message ?? `${response.status} ${response.statusText || 'error'}`.trim()),
    host,
    retryAfterSeconds: retryAfter(response.headers.get('retry-after')),
  };
}

/** What fetch ran into (refused, unknown host, proxy, certificate…), in words. */
export function failureFromNetworkError(error: unknown, url: string): ServiceFailure {
  const host = URL.canParse(url) ? new URL(url).host : url;
  const { code, message } = explainNetworkError(error, host);
  return { kind: 'network', reason: reasonFor('network', code), status: null, code, message: redact(message), host, retryAfterSeconds: null };
}

export function notConfigured(message: string): ServiceFailure {
  return { kind: 'not_configured', reason: null, status: null, code: null, message, host: null, retryAfterSeconds: null };
}
