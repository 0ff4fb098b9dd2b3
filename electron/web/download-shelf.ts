import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FileSaver, type FileToSave, saveName } from '../core/services/storage/file-saver';
import type { UrlSigner } from './signed-urls';

export const DOWNLOAD_PATH = '/downloads/';
/** Long enough for the browser to start the download, short enough that exports do not pile up. */
const SHELF_MS = 5 * 60_000;

/**
 * The browser harness's "save as": main keeps the exported bytes for a few minutes behind a
 * signed URL, and the page anchors to it with `download`, so the browser's own download asks
 * where to save and fetches raw bytes over HTTP, never through a bridge frame. Served once.
 */
export function createDownloadShelf(signer: UrlSigner, now: () => number = Date.now) {
  const shelf = new Map<string, FileToSave & { expires: number }>();
  const sweep = () => {
    for (const [id, file] of shelf) if (file.expires < now()) shelf.delete(id);
  };

  const saver: FileSaver = {
    async save(file) {
      sweep();
      const id = randomUUID();
      const named = { ...file, fileName: saveName(file.fileName) };
      shelf.set(id, { ...named, expires: now() + SHELF_MS });
      return { kind: 'download', fileName: named.fileName, url: signer.sign(`${DOWNLOAD_PATH}${id}`, SHELF_MS) };
    },
  };

  /** Answers GET /downloads/<id>, whose signature the caller has checked. */
  function serve(id: string, response: ServerResponse, headers: Record<string, string>) {
    sweep();
    const file = shelf.get(id);
    shelf.delete(id);
    if (!file) return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end('This download has expired. Export again.');
    response.writeHead(200, {
      ...headers,
      'Content-Type': file.mimeType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'Cache-Control': 'no-store',
    });
    response.end(file.bytes);
  }

  return { saver, serve };
}

export type DownloadShelf = ReturnType<typeof createDownloadShelf>;
