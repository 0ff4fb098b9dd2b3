import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, fileInside } from '../core/security/renderer-files';

/** Serves a file from `root` only; anything resolving outside it is a 404. */
export async function serveStatic(root: string, urlPath: string, response: ServerResponse, headers: Record<string, string>) {
  const file = fileInside(root, urlPath);
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(info.size),
    'Cache-Control': 'no-store',
    ...headers,
  });
  // A file gone between its size and its reading ends this response, not the process (pipe() leaves the stream's error unheard).
  await pipeline(createReadStream(file), response).catch(() => undefined);
}
