import { z } from 'zod';

/**
 * What became of a file main was asked to save. In Electron main shows the save dialog and
 * writes the file itself; the browser harness has no dialog, so main keeps the bytes for a
 * short while behind a signed URL, and the browser's own download fetches them from there
 * (raw bytes over HTTP, never inside a bridge frame).
 */
export const saveOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), fileName: z.string() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({
    kind: z.literal('download'),
    fileName: z.string(),
    /** Same-origin, signed and short-lived: the page anchors to it with `download`. */
    url: z.string(),
  }),
]);

export type SaveOutcome = z.infer<typeof saveOutcomeSchema>;
