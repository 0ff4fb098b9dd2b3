import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { diagnosed, failureFromNetworkError } from './service-failure';
import { insecureAddressProblem } from './address-rules';
import type { TransportLimits } from './limits';
import { followRedirects } from './redirects';

export type Sent = { ok: true; response: Response; url: string } | { ok: false; failure: ServiceFailure };

export interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: RequestInit['body'];
  signal?: AbortSignal;
  /** How long to wait for the answer's headers. */
  headersTimeoutMs: number;
}


class HeadersTimeout extends Error {}

/** fetch with a deadline for the headers only: the body that follows has its own idle rule. */
function withDeadline(fetchFn: typeof fetch, signal: AbortSignal | undefined, ms: number): typeof fetch {
  return async (input, init) => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new HeadersTimeout()), ms);
    try {
      return await fetchFn(input, { ...init, signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal });
    } catch (error) {
      throw deadline.signal.aborted && !signal?.aborted ? deadline.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Sends one request to the service with Confab's transport rules: https unless the host is
 * this computer, redirects decided by Confab (redirects.ts), and a deadline for each answer's
 * headers. A request the user cancelled still throws its abort.
 */
export async function send(deps: { fetch: typeof fetch; limits: TransportLimits }, address: string, out: Outgoing): Promise<Sent> {
  const url = new URL(address);
  const insecure = insecureAddressProblem(url);
  if (insecure) return { ok: false, failure: diagnosed('not_configured', insecure.reason, insecure, url.host) };
  const fetchFn = withDeadline(deps.fetch, out.signal, out.headersTimeoutMs);
  try {
    const followed = await followRedirects(fetchFn, url, { method: out.method, headers: out.headers, body: out.body }, deps.limits.maxRedirects);
    // No status on the failure: the words are Confab's, not an HTTP error body (FailureNotice labels them so).
    if (!followed.ok) return { ok: false, failure: diagnosed('http', followed.reason, followed, followed.url.host) };
    return { ok: true, response: followed.response, url: followed.url.href };
  } catch (error) {
    if (out.signal?.aborted) throw error;
    if (error instanceof HeadersTimeout) {
      const values = { host: url.host, seconds: out.headersTimeoutMs / 1000 };
      return { ok: false, failure: diagnosed('network', 'timeout', { reason: 'timeout', values }, url.host) };
    }
    return { ok: false, failure: failureFromNetworkError(error, url.href) };
  }
}
