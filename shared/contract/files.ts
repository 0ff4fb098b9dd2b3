import { z } from 'zod';

/**
 * What became of a file main was asked to save. In Electron main shows the save dialog and
 * writes the file itself; the browser harness has no dialog, so it hands the bytes back for
 * the browser's own download, which asks the user in the same way.
 */
export const saveOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), fileName: z.string() }),
  z.object({ kind: z.literal('cancelled') }),
  z.object({
    kind: z.literal('download'),
    fileName: z.string(),
    mimeType: z.string(),
    /** base64, so binary files (archives) cross the bridge intact. */
    base64: z.string(),
  }),
]);

export type SaveOutcome = z.infer<typeof saveOutcomeSchema>;
