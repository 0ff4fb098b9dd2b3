/**
 * Where Confab may send the key. The settings schema checks the base URL as it is saved;
 * these rules run again on every request and every redirect, so a stored setting from an
 * older version or a redirect cannot get the key sent somewhere it should not go.
 */
import type { ProblemValues } from '../../../../shared/domain/problem';
import type { FailureReason } from '../../../../shared/domain/service-failure';

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A transport refusal or diagnosis: the reason the page words, and what it names. */
export interface Diagnosis {
  reason: FailureReason;
  values: ProblemValues;
}

/** Why this address may not carry the key, or null when it may. */
export function insecureAddressProblem(url: URL): Diagnosis | null {
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname) ? null : { reason: 'insecure_address', values: { host: url.host } };
  return { reason: 'unsupported_scheme', values: { scheme: url.protocol } };
}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type RedirectDecision = { follow: true; to: URL } | ({ follow: false } & Diagnosis);

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
    return { follow: false, reason: 'bad_redirect', values: { host: from.host } };
  }
  const to = new URL(location, from);
  if (to.origin !== from.origin) {
    const [here, there] = names(from, to);
    return { follow: false, reason: 'cross_origin_redirect', values: { from: here, to: there } };
  }
  if (hopsSoFar >= maxHops) {
    return { follow: false, reason: 'too_many_redirects', values: { host: from.host, count: maxHops } };
  }
  return { follow: true, to };
}
