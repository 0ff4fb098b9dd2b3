import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { SQLInputValue } from 'node:sqlite';

/**
 * SQLite's file format (sqlite.org/fileformat.html), read straight from the bytes: pages, cells,
 * records and overflow chains. Hand-rolled because node:sqlite does not ship SQLite's recovery
 * extension and no well-kept npm library reads SQLite pages; page-scan.ts uses it to find rows
 * that no intact b-tree reaches any more. Everything read is checked against the file's bounds:
 * a damaged page yields null, never a throw or a read past the page.
 */

/** The first byte of a b-tree page. */
export const PageType = { IndexInterior: 0x02, TableInterior: 0x05, IndexLeaf: 0x0a, TableLeaf: 0x0d } as const;
export type PageType = (typeof PageType)[keyof typeof PageType];

export interface Page {
  number: number;
  type: PageType;
  bytes: Buffer;
  /** Offsets of the live cells, from the cell pointer array (a deleted cell is no longer in it). */
  cells: number[];
  /** An interior page's right-most child. */
  right: number;
}

export interface SqliteFile {
  pageCount: number;
  /** Bytes of a page that cells may use (the page size less the reserved bytes at its end). */
  usable: number;
  /** The first freelist trunk page, and how many pages the header says the freelist holds. */
  freelist: { trunk: number; count: number };
  read(page: number): Buffer | null;
  text(bytes: Buffer): string;
  close(): void;
}

const ENCODINGS: Record<number, string> = { 1: 'utf-8', 2: 'utf-16le', 3: 'utf-16be' };

/** Opens a SQLite file for reading its pages; null when its header is not SQLite's. */
export function openSqliteFile(path: string): SqliteFile | null {
  const fd = openSync(path, 'r');
  const header = Buffer.alloc(100);
  readSync(fd, header, 0, 100, 0);
  const rawSize = header.readUInt16BE(16);
  const pageSize = rawSize === 1 ? 65536 : rawSize;
  const encoding = ENCODINGS[header.readUInt32BE(56)];
  if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0' || pageSize < 512 || (pageSize & (pageSize - 1)) !== 0 || !encoding) {
    closeSync(fd);
    return null;
  }
  const inFile = Math.floor(fstatSync(fd).size / pageSize);
  // The header's page count holds only while the change counter matches "version valid for".
  const inHeader = header.readUInt32BE(24) === header.readUInt32BE(92) ? header.readUInt32BE(28) : 0;
  const decoder = new TextDecoder(encoding);
  return {
    pageCount: inHeader > 0 ? Math.min(inHeader, inFile) : inFile,
    usable: pageSize - header[20]!,
    freelist: { trunk: header.readUInt32BE(32), count: header.readUInt32BE(36) },
    read(page) {
      if (!Number.isInteger(page) || page < 1 || page > this.pageCount) return null;
      const bytes = Buffer.alloc(pageSize);
      return readSync(fd, bytes, 0, pageSize, (page - 1) * pageSize) === pageSize ? bytes : null;
    },
    text: (bytes) => decoder.decode(bytes),
    close: () => closeSync(fd),
  };
}

/** A b-tree page with its cell offsets, or null when its header or cell pointers are not a page's. */
export function readPage(file: SqliteFile, number: number): Page | null {
  const bytes = file.read(number);
  if (!bytes) return null;
  const at = number === 1 ? 100 : 0;
  const type = bytes[at]! as PageType;
  if (!Object.values(PageType).includes(type)) return null;
  const interior = type === PageType.IndexInterior || type === PageType.TableInterior;
  const pointers = at + (interior ? 12 : 8);
  const count = bytes.readUInt16BE(at + 3);
  const contentStart = bytes.readUInt16BE(at + 5) || 65536;
  if (pointers + 2 * count > file.usable) return null;
  const cells: number[] = [];
  for (let i = 0; i < count; i++) {
    const offset = bytes.readUInt16BE(pointers + 2 * i);
    if (offset < pointers + 2 * count || offset < contentStart || offset >= file.usable) return null;
    cells.push(offset);
  }
  return { number, type, bytes, cells, right: interior ? bytes.readUInt32BE(at + 8) : 0 };
}

/** A varint at `offset`: its value and where the next field starts; null past `end`. */
export function varint(bytes: Buffer, offset: number, end = bytes.length): { value: bigint; next: number } | null {
  let value = 0n;
  for (let i = 0; i < 9; i++) {
    if (offset + i >= end) return null;
    const byte = bytes[offset + i]!;
    if (i === 8) return { value: BigInt.asIntN(64, (value << 8n) | BigInt(byte)), next: offset + 9 };
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (byte < 0x80) return { value: BigInt.asIntN(64, value), next: offset + i + 1 };
  }
  return null;
}

/**
 * A cell's payload of `size` bytes starting at `offset`, followed into its overflow pages when it
 * does not fit the page; `onOverflow` is told each overflow page. Null when the chain is broken.
 */
export function payload(file: SqliteFile, page: Page, offset: number, size: number, onOverflow?: (page: number) => void): Buffer | null {
  const usable = file.usable;
  const table = page.type === PageType.TableLeaf || page.type === PageType.TableInterior;
  const maxLocal = table ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
  if (size <= maxLocal) return offset + size <= usable ? page.bytes.subarray(offset, offset + size) : null;
  if (size > file.pageCount * usable) return null;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  const fit = minLocal + ((size - minLocal) % (usable - 4));
  const local = fit <= maxLocal ? fit : minLocal;
  if (offset + local + 4 > usable) return null;
  const parts = [page.bytes.subarray(offset, offset + local)];
  let remaining = size - local;
  let next = page.bytes.readUInt32BE(offset + local);
  const seen = new Set<number>();
  while (remaining > 0) {
    const bytes = seen.has(next) || next < 2 ? null : file.read(next);
    if (!bytes) return null;
    seen.add(next);
    onOverflow?.(next);
    const length = Math.min(remaining, usable - 4);
    parts.push(bytes.subarray(4, 4 + length));
    remaining -= length;
    next = bytes.readUInt32BE(0);
  }
  return Buffer.concat(parts);
}

/** A record's values (sqlite.org/fileformat.html#record_format), or null when it does not parse. */
export function decodeRecord(file: SqliteFile, record: Buffer): SQLInputValue[] | null {
  const header = varint(record, 0);
  if (!header || header.value > BigInt(record.length) || header.value < BigInt(header.next)) return null;
  const headerEnd = Number(header.value);
  const values: SQLInputValue[] = [];
  let body = headerEnd;
  for (let at = header.next; at < headerEnd; ) {
    const serial = varint(record, at, headerEnd);
    if (!serial || serial.value < 0n || serial.value === 10n || serial.value === 11n) return null;
    at = serial.next;
    const type = Number(serial.value);
    const length = type >= 12 ? Math.floor((type - 12) / 2) : [0, 1, 2, 3, 4, 6, 8, 8, 0, 0][type]!;
    if (body + length > record.length) return null;
    const bytes = record.subarray(body, body + length);
    body += length;
    values.push(valueOf(file, type, bytes));
  }
  return body === record.length ? values : null;
}

function valueOf(file: SqliteFile, type: number, bytes: Buffer): SQLInputValue {
  if (type === 0) return null;
  if (type === 8 || type === 9) return type - 8;
  if (type === 7) return bytes.readDoubleBE(0);
  if (type === 6) {
    const value = bytes.readBigInt64BE(0);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }
  if (type <= 5) return bytes.readIntBE(0, bytes.length);
  return type % 2 === 0 ? new Uint8Array(bytes) : file.text(bytes);
}
