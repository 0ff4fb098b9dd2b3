import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import { serviceFailure } from '../domain/service-failure';
import { responseFormatSchema } from '../domain/transcript';
import { call, stream } from './define';
import { transcriptionRequestSchema } from './transcription';

/** The options a job is sent with, fixed when it is added (Retry and Resume send the same). */
export const jobRequestSchema = transcriptionRequestSchema;

/**
 * The options main queues a file with until the user sets others (settings' transcription
 * defaults): the richest result, with the language, duration and timings that playback and
 * subtitle rules need.
 */
export const DEFAULT_JOB_REQUEST: z.infer<typeof jobRequestSchema> = {
  model: 'speech-1',
  language: '',
  prompt: '',
  responseFormat: 'verbose_json',
  granularities: ['word', 'segment'],
};

/**
 * queued → running → done | failed | cancelled. A job that was running when Confab ended is
 * `interrupted` at the next start and waits for Resume; failed and cancelled wait for Retry.
 */
export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'interrupted']);

export const partStateSchema = z.enum(['waiting', 'encoding', 'uploading', 'transcribing', 'done', 'failed']);

export const jobPartSchema = z.object({
  index: z.number().int(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  state: partStateSchema,
  /** Why its result still looks wrong after being sent a second time; it is marked in the transcript. */
  flag: problemSchema.nullable(),
});

/** Seconds of audio worked through so far, of all (null while the length is not known yet). */
export const audioProgressSchema = z.object({ doneSeconds: z.number(), totalSeconds: z.number().nullable() });

export const jobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
  format: z.string(),
  createdAt: z.number(),
  state: jobStateSchema,
  responseFormat: responseFormatSchema,
  /** What a running job is doing now. */
  step: z.enum(['planning', 'transcribing', 'saving']).nullable(),
  /** Planning a long recording: how far it has been read. */
  planned: audioProgressSchema.nullable(),
  /** The part about to be sent, while it is made from the recording (re-encoded): how far that is. */
  prepared: audioProgressSchema.nullable(),
  /** The part being sent: its bytes so far, of all. */
  sentBytes: z.number(),
  totalBytes: z.number(),
  /** The first part being worked on (long recordings). */
  currentPart: z.number().int().nullable(),
  /** Parts being sent or transcribed at once (their bytes are `sentBytes` of `totalBytes`). */
  partsInFlight: z.number().int(),
  /** Why no part is sent now: the service asked Confab to slow down (`job.rate_limited`, {seconds}). */
  wait: problemSchema.nullable(),
  /** Empty for a recording sent whole, and for a long one until it is planned. */
  parts: z.array(jobPartSchema),
  durationSeconds: z.number().nullable(),
  /** Seconds until the job is done, from how fast its parts went so far; null until it can be told. */
  etaSeconds: z.number().nullable(),
  failure: serviceFailure.nullable(),
  /** A failure that is not the service's: the file cannot be read or split, say. */
  problem: problemSchema.nullable(),
  /** The transcript, once done. */
  recordId: z.string().nullable(),
});

/**
 * One watch stream per page: first `jobs` with every job as it stands (in queue order), then
 * `job` for each change and `removed` when jobs leave the list.
 */
export const jobEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('jobs'), jobs: z.array(jobSchema) }),
  z.object({ type: z.literal('job'), job: jobSchema }),
  z.object({ type: z.literal('order'), ids: z.array(z.string()) }),
  z.object({ type: z.literal('removed'), ids: z.array(z.string()) }),
]);

const jobId = z.object({ id: z.string().min(1) }).strict();

/**
 * Every transcription is a job main keeps in its own queue (SQLite), so it outlives the page
 * and a crash. The page adds staged files and sends intents; main decides what runs when.
 */
export const jobsArea = {
  watch: stream(z.void(), jobEventSchema),
  /** Takes a staged file (it becomes the job's) with the options it is to be sent with. */
  /** Without `request`, main queues the file with the settings' transcription defaults. */
  add: call(z.object({ fileId: z.string().min(1), request: jobRequestSchema.optional() }).strict(), jobSchema),
  cancel: call(jobId, z.void()),
  /** A failed or cancelled job goes on from where it stopped: parts done are not sent again, a failed part is sent with the same bytes. */
  retry: call(jobId, z.void()),
  /** An interrupted job goes on, as Retry does. */
  resume: call(jobId, z.void()),
  /** Moves a job before another (`before` null: to the end). */
  reorder: call(z.object({ id: z.string().min(1), before: z.string().min(1).nullable() }).strict(), z.void()),
  /** A job that is not running leaves the list, with every file it kept. */
  remove: call(jobId, z.void()),
  clearFinished: call(z.void(), z.void()),
};

export type Job = z.infer<typeof jobSchema>;
export type JobPart = z.infer<typeof jobPartSchema>;
export type JobState = z.infer<typeof jobStateSchema>;
export type PartState = z.infer<typeof partStateSchema>;
export type AudioProgress = z.infer<typeof audioProgressSchema>;
export type JobEvent = z.infer<typeof jobEventSchema>;
export type JobRequest = z.infer<typeof jobRequestSchema>;

/**
 * How far a queued or running job is, 0..1 (parts done plus the part being sent, or the bytes
 * of a whole file); null while that cannot be told (planning a recording of unknown length).
 * The desktop's progress bar and the page's announcements both read it.
 */
export function jobFraction(job: Job): number | null {
  if (job.state === 'queued') return 0;
  const sending = job.totalBytes > 0 ? job.sentBytes / job.totalBytes : 0;
  // Parts are sent while the recording is still read: those planned so far are not all of it, so the audio done counts against its length.
  if (job.step === 'planning') {
    const total = job.planned?.totalSeconds;
    return total ? Math.min(1, job.parts.filter((p) => p.state === 'done').reduce((sum, p) => sum + p.endSeconds - p.startSeconds, 0) / total) : null;
  }
  if (job.parts.length > 0) return (job.parts.filter((p) => p.state === 'done').length + job.partsInFlight * sending) / job.parts.length;
  return sending;
}
