import path from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * The file under `root` that a URL path names, or null when it names anything outside it.
 * Used by both ways the renderer bundle is served (Electron's app:// protocol and the
 * browser harness). Decoding can yield `..`, a backslash or a NUL that URL parsing did not
 * see, so the joined path is checked, not the URL.
 */
export function fileInside(root: string, urlPathname: string): string | null {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPathname === '/' ? '/index.html' : urlPathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (relative.includes('\0')) return null;
  const base = path.resolve(root);
  const file = path.join(base, relative);
  return file.startsWith(base + path.sep) ? file : null;
}
