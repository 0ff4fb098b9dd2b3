/**
 * What a disk's refusal means for the user, whichever layer met it: SQLite's result codes in the
 * history, Node's errno codes for files. One wording per cause, with what to do.
 */
export type DiskFault = 'full' | 'readOnly' | 'io';

const BY_ERRNO: Record<string, DiskFault> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'readOnly', EACCES: 'readOnly', EPERM: 'readOnly', EIO: 'io' };

/** The fault behind a file system error, or null for any other error. */
export const diskFaultOf = (error: unknown): DiskFault | null => BY_ERRNO[(error as { code?: string })?.code ?? ''] ?? null;

/** The problem code of each fault; its value `file` names what Confab could not write. */
export const DISK_PROBLEMS: Record<DiskFault, string> = { full: 'disk.full', readOnly: 'disk.read_only', io: 'disk.io' };

/** `place`: the file or folder Confab could not write, named so the user can find it. */
export function diskFaultWords(fault: DiskFault, place: string): string {
  switch (fault) {
    case 'full':
      return `The disk is full, so Confab could not save this (${place}). Free some space on it, then try again.`;
    case 'readOnly':
      return `Confab cannot write to ${place}: it is read-only or locked. Check its permissions (and that it is not marked immutable), then try again.`;
    case 'io':
      // A file made immutable while Confab has it open fails this way too, not as read-only.
      return `The disk reported an error while Confab was using ${place}. Check that the disk is working and that the file is not marked immutable, then try again.`;
  }
}
