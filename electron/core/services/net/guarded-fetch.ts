import { type Diagnosis, insecureAddressProblem } from './address-rules';
import { knownSecretValues } from './redact';
import { followRedirects } from './redirects';

/** Whether a header value holds a key main has read (the Bearer key of the service's MCP server). */
function carriesKey(headers: Headers): boolean {
  const secrets = [...knownSecretValues()];
  for (const [, value] of headers) if (secrets.some((secret) => value.includes(secret))) return true;
  return false;
}

/** Thrown for a request Confab would not send; network-errors.ts passes its reason and values on as they are. */
const refusal = ({ reason, values }: Diagnosis) => Object.assign(new Error(`Refused: ${reason}`), { code: reason, values, refusal: true });

/**
 * A fetch with Confab's address rules for clients that need a plain fetch (the MCP SDK):
 * redirects only within the origin (so header secrets never follow one elsewhere), and no
 * API key over plain http to another computer. A refusal is thrown with its reason, which
 * the caller reports like any other network failure.
 */
export function guardedFetch(fetchFn: typeof fetch, maxRedirects: number): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const insecure = insecureAddressProblem(url);
    if (insecure && carriesKey(new Headers(init.headers))) throw refusal(insecure);
    const followed = await followRedirects(fetchFn, url, init, maxRedirects);
    if (!followed.ok) throw refusal(followed);
    return followed.response;
  }) as typeof fetch;
}
