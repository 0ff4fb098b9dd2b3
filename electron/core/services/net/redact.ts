/**
 * Keys never leave main in words: log lines, failure messages and exports pass through
 * `redact`. It removes the keys Confab knows (every API key main has read) wherever they
 * appear, plus anything shaped like one (`sk-…`, a Bearer token), because a server or a
 * proxy may echo a key Confab never stored (a typo, an old key).
 */
const KEY_LIKE = /\bsk-[A-Za-z0-9_-]{8,}/g;
// No quote, backslash or separator in the token: redacting inside JSON text keeps it valid.
const BEARER = /\b(Bearer\s+)[^\s"',;\\]+/gi;
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: they would blank out ordinary words. */
const MIN_SECRET_LENGTH = 8;

export function redact(text: string, knownSecrets: Iterable<string> = knownSecretValues()): string {
  let result = text;
  for (const secret of knownSecrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join(REDACTED);
  }
  return result.replace(BEARER, `$1${REDACTED}`).replace(KEY_LIKE, REDACTED);
}

// Main's secrets as read from the keychain: every read remembers its value, so a log line
// written anywhere in main can be cleaned without each caller passing the keys along.
const known = new Set<string>();

export function rememberSecret(value: string | null | undefined): void {
  if (value) known.add(value);
}

export function knownSecretValues(): Iterable<string> {
  return known;
}
