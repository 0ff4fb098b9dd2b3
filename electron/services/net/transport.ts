import type { FailureKind, ServiceFailure } from '../../../shared/domain/service-failure';
import { failureFromNetworkError } from '../service-failure';
import { REDIRECT_STATUSES, decideRedirect, insecureAddressProblem } from './address-rules';
import { type TransportLimits, secondsInWords } from './limits';

export type Sent = { ok: true; response: Response; url: string } | { ok: false; failure: ServiceFailure };

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** How long to wait for the answer's headers. */
  headersTimeoutMs: number;
}

export function refusal(kind: FailureKind, code: string, message: string, url: URL, status: number | null = null): ServiceFailure {
  return { kind, status, code, message, host: url.host, retryAfterSeconds: null };
}

class HeadersTimeout extends Error {}

/** fetch with a deadline for the headers only: the body that follows has its own idle rule. */
async function fetchWithDeadline(fetchFn: typeof fetch, url: URL, init: RequestInit, signal: AbortSignal | undefined, ms: number) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new HeadersTimeout()), ms);
  try {
    return await fetchFn(url.href, { ...init, redirect: 'manual', signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal });
  } catch (error) {
    throw deadline.signal.aborted && !signal?.aborted ? deadline.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends one request with Confab's transport rules: https unless the host is this computer,
 * redirects decided here (same origin only, bounded, never an unreplayable upload), and a
 * deadline for the answer's headers. A request the user cancelled still throws its abort.
 */
export async function send(deps: { fetch: typeof fetch; limits: TransportLimits }, address: string, out: Outgoing): Promise<Sent> {
  let url = new URL(address);
  let { method, body } = out;
  const headers = { ...out.headers };
  for (let hops = 0; ; hops++) {
    const insecure = insecureAddressProblem(url);
    if (insecure) return { ok: false, failure: refusal('not_configured', 'insecure_address', insecure, url) };
    let response: Response;
    try {
      response = await fetchWithDeadline(deps.fetch, url, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) }, out.signal, out.headersTimeoutMs);
    } catch (error) {
      if (out.signal?.aborted) throw error;
      if (error instanceof HeadersTimeout) {
        const message = `${url.host} did not answer within ${secondsInWords(out.headersTimeoutMs)}; Confab stopped waiting. Try again, or check the network or proxy.`;
        return { ok: false, failure: refusal('network', 'timeout', message, url) };
      }
      return { ok: false, failure: failureFromNetworkError(error, url.href) };
    }
    // A fetch that cannot show a redirect (the browser-style opaque answer) is refused too.
    if (response.type === 'opaqueredirect') {
      const message = `The service at ${url.host} redirected elsewhere; Confab does not send your key to another address. Check the base URL.`;
      return { ok: false, failure: refusal('http', 'cross_origin_redirect', message, url) };
    }
    if (!REDIRECT_STATUSES.has(response.status)) return { ok: true, response, url: url.href };
    await response.body?.cancel().catch(() => undefined);
    const decision = decideRedirect(url, response.headers.get('location'), hops, deps.limits.maxRedirects);
    if (!decision.follow) return { ok: false, failure: refusal('http', decision.code, decision.message, url, response.status) };
    // 303, and 301/302 after a POST, become a GET without a body, as browsers do.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      delete headers['Content-Type'];
    } else if (body instanceof ReadableStream) {
      const message = `The service at ${url.host} redirected an upload, which Confab cannot send twice. Use the address it redirects to as the base URL.`;
      return { ok: false, failure: refusal('http', 'redirected_upload', message, url, response.status) };
    }
    url = decision.to;
  }
}
