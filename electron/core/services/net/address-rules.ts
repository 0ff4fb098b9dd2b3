/**
 * Where Confab may send the key. The settings schema checks the base URL as it is saved;
 * these rules run again on every request and every redirect, so a stored setting from an
 * older version or a redirect cannot get the key sent somewhere it should not go.
 */

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why this address may not carry the key, or null when it may. */
export function insecureAddressProblem(url: URL): string | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return `Confab sends your key only over https: ${url.host} is not this computer, so http://${url.host} is refused. Use the service's https:// address instead.`;
  }
  return `${url.protocol}// addresses are not supported; use the service's https:// address instead.`;
}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type RedirectDecision = { follow: true; to: URL } | { follow: false; code: string; message: string };

/** Names two origins by host, or in full when only the scheme or port tells them apart. */
function names(from: URL, to: URL): [string, string] {
  return from.host === to.host ? [from.origin, to.origin] : [from.host, to.host];
}

/**
 * A redirect is followed only within the same origin (scheme, host and port), a bounded
 * number of times: the key goes only where the user saved it for.
 */
export function decideRedirect(from: URL, location: string | null, hopsSoFar: number, maxHops: number): RedirectDecision {
  if (!location || !URL.canParse(location, from.href)) {
    return { follow: false, code: 'bad_redirect', message: `The service at ${from.host} answered with a redirect but no valid address to go to. Check the base URL.` };
  }
  const to = new URL(location, from);
  if (to.origin !== from.origin) {
    const [here, there] = names(from, to);
    return {
      follow: false,
      code: 'cross_origin_redirect',
      message: `The service at ${here} redirected to ${there}; Confab does not send your key to another address. Check the base URL.`,
    };
  }
  if (hopsSoFar >= maxHops) {
    return { follow: false, code: 'too_many_redirects', message: `The service at ${from.host} redirected more than ${maxHops} times. Check the base URL.` };
  }
  return { follow: true, to };
}
