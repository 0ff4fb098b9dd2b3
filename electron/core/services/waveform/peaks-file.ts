/**
 * A recording's peaks as kept on disk: a 16-byte header, then a [low, high] pair of signed
 * bytes per window. The header names the recording's size and modification time, so peaks
 * of a file since replaced (a restore, a re-recording) are read again instead of shown wrong.
 */
import { open, rename, rm, writeFile } from 'node:fs/promises';

const MAGIC = 0x314b5043; // "CPK1", little-endian
export const HEADER_BYTES = 16;

export interface Source {
  size: number;
  mtimeMs: number;
}

export interface PeaksFile {
  windowMs: number;
  /** Windows in the file (each two bytes). */
  windows: number;
}

function header(source: Source, windowMs: number): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.writeUInt32LE(MAGIC, 0);
  bytes.writeUInt16LE(windowMs, 4);
  // Whole milliseconds: some file systems keep finer times than a double's round trip holds.
  bytes.writeUInt32LE(Math.floor(source.mtimeMs / 1000) >>> 0, 8);
  bytes.writeUInt32LE(source.size % 2 ** 32, 12);
  bytes.writeUInt16LE(Math.floor(source.mtimeMs) % 1000, 6);
  return bytes;
}

/** Written whole to a temporary name and renamed, so a crash never leaves half a file that looks whole. */
export async function writePeaks(path: string, source: Source, windowMs: number, peaks: Int8Array): Promise<void> {
  const part = `${path}.part`;
  try {
    await writeFile(part, Buffer.concat([header(source, windowMs), Buffer.from(peaks.buffer, peaks.byteOffset, peaks.byteLength)]));
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

/** The kept peaks' shape if they are of `source` as it is now; null when absent or stale. */
export async function peaksFileOf(path: string, source: Source): Promise<PeaksFile | null> {
  const file = await open(path).catch(() => null);
  if (!file) return null;
  try {
    const { size } = await file.stat();
    const found = Buffer.alloc(HEADER_BYTES);
    await file.read(found, 0, HEADER_BYTES, 0);
    const windowMs = found.readUInt16LE(4);
    if (size < HEADER_BYTES || !found.equals(header(source, windowMs))) return null;
    return { windowMs, windows: Math.floor((size - HEADER_BYTES) / 2) };
  } finally {
    await file.close();
  }
}

/** `count` windows from window `from`, as the file holds them. */
export async function readPeaks(path: string, from: number, count: number): Promise<Buffer> {
  const file = await open(path);
  try {
    const bytes = Buffer.alloc(count * 2);
    const { bytesRead } = await file.read(bytes, 0, bytes.length, HEADER_BYTES + from * 2);
    return bytes.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
