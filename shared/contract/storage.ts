import { z } from 'zod';

/**
 * Why main could not write changes it holds yet: the disk is full, the file read-only or locked,
 * the disk failing, or the history file under repair. Main keeps them and writes them once the
 * disk takes them; `file` is the history file's path, for the user to find it.
 */
export const diskRefusalSchema = z.object({ cause: z.enum(['full', 'readOnly', 'io', 'damaged']), file: z.string() });

export type DiskRefusal = z.infer<typeof diskRefusalSchema>;
