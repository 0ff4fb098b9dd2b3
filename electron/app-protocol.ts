import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { contentSecurityPolicy } from './security/csp';
import { contentTypeOf, fileInside } from './security/renderer-files';

const APP_SCHEME = 'app';
const APP_HOST = 'confab';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Whether a URL belongs to the app's own origin. Node's URL treats `app:` as a
 * non-special scheme whose `origin` is always "null", so scheme and host are compared.
 */
export function isAppUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/**
 * Must run before the app is ready. `standard` gives the scheme a real origin (so
 * relative asset URLs and 'self' in the CSP work) and `secure` makes it a secure context.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/** The file under `root` a request names, or null for other origins and paths outside it. */
function resolveInside(root: string, url: string): string | null {
  return isAppUrl(url) ? fileInside(root, new URL(url).pathname) : null;
}

/** Serves the bundled renderer (dist/renderer) and nothing else; there is no dev server. */
export function serveAppProtocol(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  const headers = (file: string) => ({
    'Content-Type': contentTypeOf(file),
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
  });

  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const file = resolveInside(root, request.url);
    if (!file) return notFound();
    try {
      const body = await readFile(file);
      return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: headers(file) });
    } catch {
      return notFound(); // missing file or a directory
    }
  });
}
