/**
 * What a disk's refusal means for the user, whichever layer met it: SQLite's result codes in the
 * history, Node's errno codes for files. The page words each cause (errors.json `disk.*`).
 */
export type DiskFault = 'full' | 'readOnly' | 'io';

/** EFBIG: past the largest file the process may write (ulimit -f), which leaves no room as a full disk does. */
const BY_ERRNO: Record<string, DiskFault> = { ENOSPC: 'full', EDQUOT: 'full', EFBIG: 'full', EROFS: 'readOnly', EACCES: 'readOnly', EPERM: 'readOnly', EIO: 'io' };

/** The fault behind a file system error, or null for any other error. */
export const diskFaultOf = (error: unknown): DiskFault | null => BY_ERRNO[(error as { code?: string })?.code ?? ''] ?? null;

/** SQLite's primary result codes for the same causes: SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR. */
const BY_SQLITE_CODE: Record<number, DiskFault> = { 13: 'full', 8: 'readOnly', 10: 'io' };

/** The fault behind an error of node:sqlite (its `errcode`; extended codes carry the primary one in the low byte), or null. */
export function sqliteFaultOf(error: unknown): DiskFault | null {
  const code = (error as { errcode?: unknown })?.errcode;
  return typeof code === 'number' ? (BY_SQLITE_CODE[code & 0xff] ?? null) : null;
}

/** The problem code of each fault; its value `file` names what Confab could not write. */
export const DISK_PROBLEMS: Record<DiskFault, string> = { full: 'disk.full', readOnly: 'disk.read_only', io: 'disk.io' };
