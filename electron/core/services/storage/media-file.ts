import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import parseRange from 'range-parser';

const AUDIO_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.mpga': 'audio/mpeg',
  '.mpeg': 'video/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'audio/webm',
};

/** What to answer for a request of a saved recording: the status, headers and the byte span to send. */
export type MediaReply =
  | { ok: true; status: 200 | 206; headers: Record<string, string>; file: string; start: number; end: number }
  | { ok: false; status: 404 | 416; headers: Record<string, string> };

/**
 * The answer to a GET of a recording with an optional Range header, shared by Electron's
 * app:// protocol and the browser harness, so the <audio> element can seek without the whole
 * file being read. One range only (what media elements ask for); several are served whole.
 */
export async function mediaReply(path: string | null, range: string | null): Promise<MediaReply> {
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) return { ok: false, status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
  const { size } = info;
  const base = {
    'Content-Type': AUDIO_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'no-store',
  };
  const ranges = range ? parseRange(size, range, { combine: true }) : -2;
  if (ranges === -1) return { ok: false, status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` } };
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) {
    return { ok: true, status: 200, headers: { ...base, 'Content-Length': String(size) }, file: path, start: 0, end: size - 1 };
  }
  const { start, end } = ranges[0]!;
  return {
    ok: true,
    status: 206,
    file: path,
    headers: { ...base, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` },
    start,
    end,
  };
}
