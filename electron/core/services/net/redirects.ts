import { type Diagnosis, REDIRECT_STATUSES, decideRedirect } from './address-rules';

export type Followed =
  | { ok: true; response: Response; url: URL }
  | ({ ok: false; url: URL } & Diagnosis);

/**
 * One request with redirects decided by Confab rather than by fetch: `redirect: 'manual'`,
 * then only same-origin redirects, a bounded number of times (address-rules.ts). The
 * headers, key included, go only to the origin the request was made for.
 */
export async function followRedirects(fetchFn: typeof fetch, address: URL, init: RequestInit, maxRedirects: number): Promise<Followed> {
  let url = address;
  let { method = 'GET', body } = init;
  const headers = new Headers(init.headers);
  for (let hops = 0; ; hops++) {
    const stream = body instanceof ReadableStream ? { duplex: 'half' as const } : {};
    const response = await fetchFn(url.href, { ...init, method, body, headers, redirect: 'manual', ...stream });
    // A fetch that cannot show where it was sent (the browser-style opaque answer) is refused too.
    if (response.type === 'opaqueredirect') {
      return { ok: false, reason: 'cross_origin_redirect', values: { from: url.host, to: null }, url };
    }
    if (!REDIRECT_STATUSES.has(response.status)) return { ok: true, response, url };
    await response.body?.cancel().catch(() => undefined);
    const decision = decideRedirect(url, response.headers.get('location'), hops, maxRedirects);
    if (!decision.follow) return { ok: false, reason: decision.reason, values: decision.values, url };
    // 303, and 301/302 after a POST, become a GET without a body, as browsers do.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers.delete('content-type');
    } else if (body instanceof ReadableStream) {
      return { ok: false, reason: 'redirected_upload', values: { host: url.host }, url };
    }
    url = decision.to;
  }
}
