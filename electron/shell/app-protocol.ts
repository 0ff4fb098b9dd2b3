import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { APP_SCHEME, MEDIA_PATH, isAppUrl } from '../core/app-origin';
import { contentSecurityPolicy } from '../core/security/csp';
import { contentTypeOf, fileInside } from '../core/security/renderer-files';
import { mediaReply } from '../core/services/storage/media-file';

export { APP_ENTRY_URL, isAppUrl } from '../core/app-origin';

/**
 * Must run before the app is ready. `standard` gives the scheme a real origin (so
 * relative asset URLs and 'self' in the CSP work) and `secure` makes it a secure context;
 * `stream` lets <audio> play and seek a response it reads in ranges.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/** The file under `root` a request names, or null for other origins and paths outside it. */
function resolveInside(root: string, url: string): string | null {
  return isAppUrl(url) ? fileInside(root, new URL(url).pathname) : null;
}

/** app://confab/media/<id>: a saved recording, read from disk in the range the player asks for. */
async function serveMedia(request: Request, file: string | null): Promise<Response> {
  const reply = await mediaReply(file, request.headers.get('range'));
  if (!reply.ok) return new Response(null, { status: reply.status, headers: reply.headers });
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(reply.file, { start: reply.start, end: reply.end })) as ReadableStream);
  return new Response(body, { status: reply.status, headers: reply.headers });
}

/**
 * Serves the bundled renderer (dist/renderer) and, under /media/, the recordings main kept
 * (`audioPath` maps a transcript id to its file, or null); nothing else. There is no dev server.
 */
export function serveAppProtocol(rendererDir: string, audioPath: (transcriptId: string) => string | null = () => null): void {
  const root = path.resolve(rendererDir);
  const headers = (file: string) => ({
    'Content-Type': contentTypeOf(file),
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
  });

  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    if (isAppUrl(request.url) && new URL(request.url).pathname.startsWith(MEDIA_PATH)) {
      let id: string;
      try {
        id = decodeURIComponent(new URL(request.url).pathname.slice(MEDIA_PATH.length));
      } catch {
        return notFound();
      }
      return serveMedia(request, id ? audioPath(id) : null);
    }
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
