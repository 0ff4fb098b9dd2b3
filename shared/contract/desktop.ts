import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import { INTENTS } from '../domain/shortcuts';
import { call, stream } from './define';
import { stagedFileSchema } from './transcription';

export const intentSchema = z.enum(INTENTS);

/**
 * What the desktop around the page asks of it. `intent`: a menu item (the same command its
 * shortcut runs in the page). `opened`: recordings the OS handed Confab (open with, a second
 * launch, the command line, File ▸ Open Recording…), handled by main: `queued` are the jobs it
 * added with the transcription defaults, `needsPro` the files it keeps staged while the plan is
 * Free, `refused` what could not be opened or queued, as codes the page words. `show-job`: the user clicked the
 * notification of a job that ended.
 */
export const desktopEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('intent'), intent: intentSchema }),
  z.object({
    type: z.literal('opened'),
    queued: z.array(z.string()),
    needsPro: z.array(stagedFileSchema),
    refused: z.array(problemSchema),
  }),
  z.object({ type: z.literal('show-job'), jobId: z.string() }),
]);

/** An error the page could not handle, for main's log (bounded: the page is not trusted). */
export const pageErrorSchema = z
  .object({
    source: z.enum(['render', 'uncaught', 'rejection']),
    message: z.string().max(2000),
    stack: z.string().max(8000).optional(),
  })
  .strict();

export const desktopArea = {
  /** The page subscribes once; the browser harness has no menu, so it only ever hears nothing. */
  watch: stream(z.void(), desktopEventSchema),
  /** Logged by main (redacted like every log line). */
  reportError: call(pageErrorSchema, z.void()),
};

export type DesktopEvent = z.infer<typeof desktopEventSchema>;
export type PageError = z.infer<typeof pageErrorSchema>;
