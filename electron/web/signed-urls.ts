import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Same-origin URLs the page can hand to <audio src> or a download anchor, which cannot carry
 * the launch token (it lives in the page's fragment and a media element sends no header).
 * Each URL names one resource, expires, and is signed with a secret of this launch, so it
 * cannot be forged or widened to another file, and is worthless after a restart.
 */
export function createUrlSigner(secret: Buffer = randomBytes(32), now: () => number = Date.now) {
  const mac = (path: string, expires: number) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
  return {
    /** `path` plus `?expires=…&sig=…`, valid for `ttlMs`. */
    sign(path: string, ttlMs: number): string {
      const expires = now() + ttlMs;
      return `${path}?expires=${expires}&sig=${mac(path, expires)}`;
    },
    /** Whether a request URL (path and query) carries a valid, unexpired signature for its path. */
    verify(url: URL): boolean {
      const expires = Number(url.searchParams.get('expires'));
      const given = Buffer.from(url.searchParams.get('sig') ?? '');
      if (!Number.isSafeInteger(expires) || expires < now()) return false;
      const expected = Buffer.from(mac(url.pathname, expires));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
