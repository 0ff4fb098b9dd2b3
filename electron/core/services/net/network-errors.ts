import type { ProblemValues } from '../../../../shared/domain/problem';
import type { FailureReason } from '../../../../shared/domain/service-failure';

/**
 * What fetch ran into, as a reason and the values the page words it with. Node's fetch hides
 * the reason in `cause` (sometimes a cause's cause, or an AggregateError's list); Electron's net.fetch names Chromium's net
 * error in the message (net::ERR_…). Errors from a fetch that went through a proxy carry
 * `viaProxy` (see net-fetch.ts), so a refused connection can be blamed on the right host.
 */
export interface Explained {
  /** The system's or Confab's code, shown verbatim. */
  code: string | null;
  reason: FailureReason;
  values: ProblemValues;
}

type Cause = { code?: unknown; message?: unknown; values?: unknown; cause?: unknown; errors?: unknown; port?: unknown; viaProxy?: unknown; refusal?: unknown };

function chain(error: unknown): Cause[] {
  const found: Cause[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 5) return;
    const cause = value as Cause;
    found.push(cause);
    if (Array.isArray(cause.errors)) for (const inner of cause.errors) visit(inner, depth + 1);
    visit(cause.cause, depth + 1);
  };
  visit(error, 0);
  return found;
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'ERR_CERT_AUTHORITY_INVALID',
]);
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
// The host was reached, then the connection ended before an answer: not "could not reach".
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ERR_CONNECTION_RESET', 'ERR_CONNECTION_CLOSED', 'ERR_EMPTY_RESPONSE']);
const CHROMIUM_CODE = /net::(ERR_[A-Z_]+)/;
// undici: "Proxy response (407) !== 200 when HTTP Tunneling" (CONNECT), "Proxy Authentication Required (407)" (forwarding).
const TUNNEL_STATUS = /Proxy response \((\d{3})\)/;
const FORWARD_AUTH = /Proxy Authentication Required \(407\)/;

// `proxy` is null where the proxy is the system's and its address is not known here.
const proxyAuth = (proxy: string | null, host: string): Explained => ({ code: 'proxy_auth_required', reason: 'proxy_auth_required', values: { proxy, host } });
const proxyDown = (proxy: string | null, host: string, detail: string): Explained => ({
  code: 'proxy_unreachable',
  reason: 'proxy_unreachable',
  values: { proxy, host, detail },
});

export function explainNetworkError(error: unknown, host: string): Explained {
  const causes = chain(error);
  const refused = causes.find((cause) => cause.refusal === true);
  if (refused) return { code: String(refused.code), reason: refused.code as FailureReason, values: (refused.values ?? {}) as ProblemValues };
  const via = causes.find((cause) => typeof cause.viaProxy === 'string')?.viaProxy as string | undefined;
  const codes = causes.map((cause) => (typeof cause.code === 'string' ? cause.code : null)).filter((code) => code !== null);
  const messages = causes.map((cause) => (typeof cause.message === 'string' ? cause.message : '')).join(' ');
  const chromium = CHROMIUM_CODE.exec(messages)?.[1];
  const tunnel = TUNNEL_STATUS.exec(messages)?.[1];
  const proxy = via ?? null;

  if (tunnel === '407' || FORWARD_AUTH.test(messages) || chromium === 'ERR_PROXY_AUTH_REQUESTED' || chromium === 'ERR_PROXY_AUTH_UNSUPPORTED') return proxyAuth(proxy, host);
  if (tunnel) return { code: 'proxy_refused', reason: 'proxy_refused', values: { proxy, host, detail: tunnel } };
  if (chromium === 'ERR_PROXY_CONNECTION_FAILED') return proxyDown(proxy, host, chromium);
  if (chromium === 'ERR_TUNNEL_CONNECTION_FAILED') return { code: 'proxy_refused', reason: 'proxy_refused', values: { proxy, host, detail: chromium } };
  const certificate = codes.find((code) => UNTRUSTED.has(code)) ?? (chromium === 'ERR_CERT_AUTHORITY_INVALID' ? chromium : undefined);
  if (certificate) return { code: 'certificate_untrusted', reason: 'certificate_untrusted', values: { host, detail: certificate } };
  if (codes.includes('CERT_HAS_EXPIRED') || chromium === 'ERR_CERT_DATE_INVALID') {
    return { code: 'certificate_expired', reason: 'certificate_expired', values: { host } };
  }
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID') || chromium === 'ERR_CERT_COMMON_NAME_INVALID') {
    return { code: 'certificate_wrong_host', reason: 'certificate_wrong_host', values: { host } };
  }
  // A proxy resolves and connects to the service itself, so a refused or unknown address
  // here is the proxy's, unless the error names another port (a NO_PROXY host reached directly).
  const unreachable = causes.find((cause) => typeof cause.code === 'string' && UNREACHABLE.has(cause.code));
  if (via && unreachable && (typeof unreachable.port !== 'number' || via.endsWith(`:${unreachable.port}`))) {
    return proxyDown(via, host, unreachable.code as string);
  }
  const cut = codes.find((code) => CUT.has(code)) ?? (chromium && CUT.has(chromium) ? chromium : undefined);
  if (cut) return { code: cut, reason: 'connection_cut', values: { host, detail: cut } };
  const detail = codes[codes.length - 1] ?? chromium ?? (causes.at(-1)?.message as string | undefined) ?? String(error);
  return { code: codes[codes.length - 1] ?? chromium ?? null, reason: 'unreachable', values: { host, detail } };
}
