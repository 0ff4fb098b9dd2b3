import { z } from 'zod';

/**
 * Why main could not write changes it holds yet (the disk is full, read-only or failing, or the
 * history file is being repaired). Main keeps them and writes them once the disk takes them;
 * `message` is main's, naming the file and what to do.
 */
export const diskRefusalSchema = z.object({ cause: z.enum(['full', 'readOnly', 'io', 'damaged']), message: z.string() });

export type DiskRefusal = z.infer<typeof diskRefusalSchema>;
