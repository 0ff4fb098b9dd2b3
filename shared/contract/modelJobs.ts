import { z } from 'zod';
import { usageSchema } from '../domain/chat';
import { problemSchema } from '../domain/problem';
import { serviceFailure } from '../domain/service-failure';
import { call, stream } from './define';
import { jobStateSchema } from './jobs';

/**
 * A model job as the page sees it: a feature's long model work (meeting notes; later translation)
 * run by main in parts, in a queue of its own beside transcription's.
 */
export const modelJobSchema = z.object({
  id: z.string(),
  /** The feature that made it ('notes'), whose handler runs its parts. */
  kind: z.string(),
  /** What it is about, in the feature's terms (a transcript id): the page finds a feature's jobs by it. */
  subject: z.string().nullable(),
  state: jobStateSchema,
  partsDone: z.number().int().nonnegative(),
  partsTotal: z.number().int().nonnegative(),
  /** Tokens used so far, summed over the parts done (the answers' `usage`). */
  usage: usageSchema,
  /** The service asked Confab to wait: until when (ms since epoch). */
  waitUntil: z.number().nullable(),
  failure: serviceFailure.nullable(),
  problem: problemSchema.nullable(),
  createdAt: z.number(),
});

/**
 * One watch stream per page: first `jobs`, then `job` on each change, `text` as a part's answer
 * arrives (its raw text, for showing it streamed; `part` is where the part starts in the job's
 * items) and `removed` when jobs leave.
 */
export const modelJobEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('jobs'), jobs: z.array(modelJobSchema) }),
  z.object({ type: z.literal('job'), job: modelJobSchema }),
  z.object({ type: z.literal('text'), id: z.string(), part: z.number().int(), text: z.string() }),
  z.object({ type: z.literal('removed'), ids: z.array(z.string()) }),
]);

const jobId = z.object({ id: z.string().min(1) }).strict();

/** Jobs are started by their feature's own intent (notes' "make notes"); these are what every model job shares. */
export const modelJobsArea = {
  watch: stream(z.void(), modelJobEventSchema),
  /** Stops it: parts done are kept, and Resume sends only the rest. */
  cancel: call(jobId, z.void()),
  /** A cancelled, failed or interrupted job goes on from its last finished part. */
  resume: call(jobId, z.void()),
  /** A job that is not running leaves the list, with its parts. */
  remove: call(jobId, z.void()),
};

export type ModelJob = z.infer<typeof modelJobSchema>;
export type ModelJobEvent = z.infer<typeof modelJobEventSchema>;
