import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import { markerSchema, noteLinesSchema, padLinesSchema } from '../domain/transcript';
import { call, stream } from './define';
import { jobRequestSchema, jobSchema } from './jobs';

/**
 * Recording a meeting. The page captures (it is where Chromium's media lives) and main decides
 * and keeps: main starts and ends a recording, grants the media permission only while one the
 * user started runs, writes every chunk to the data folder as it arrives and flushes it, and
 * hands the stopped recording to the transcription queue. Audio never rides inside JSON: chunks
 * go beside the router (Electron: one binary IPC message; harness: the raw body of an HTTP PUT).
 */

/** Every track is 16-bit mono PCM at this rate: what transcription needs, 32 KB a second a track. */
export const RECORDING_SAMPLE_RATE = 16_000;
/** A chunk holds at most this much audio, so a crash loses at most this much. */
export const MAX_CHUNK_SECONDS = 2;
/** The page sends a chunk every this many seconds. */
export const CHUNK_SECONDS = 1;

/** mic: the chosen microphone (the user's side); system: what the computer plays (the call's other side). */
export const trackSchema = z.enum(['mic', 'system']);


/**
 * recording → paused ⇄ recording → stopped (handed to the queue, or kept on the Free plan).
 * `ended`: it stopped on its own (the disk filled, a write failed) and keeps all written so far.
 * `recovered`: found unfinished at start (a crash) and repaired, waiting for Transcribe, Keep or Discard.
 */
/**
 * What the user says of a microphone-only recording after Stop. `me`: every word is theirs, labelled
 * with their name in one editor step; `several`: speakers are left for them to mark in the editor.
 */
export const whoSpokeSchema = z.enum(['me', 'several']);
/** What main keeps of that question: `unasked` from Stop (or recovery) until the user answers. */
export const whoSpokeStateSchema = z.enum(['unasked', ...whoSpokeSchema.options]);

export const recordingStateSchema = z.enum(['recording', 'paused', 'stopped', 'ended', 'recovered', 'kept']);

export const recordingSchema = z.object({
  id: z.string(),
  startedAt: z.number(),
  state: recordingStateSchema,
  /** The tracks this recording has, in the order chunks interleave them. */
  tracks: z.array(trackSchema).min(1),
  /** Seconds of audio kept so far. */
  seconds: z.number(),
  markers: z.array(markerSchema),
  /** What the page shows as banners: a track that went silent or ended, audio that stopped arriving. */
  notices: z.array(problemSchema),
  /** Why an `ended` recording stopped, or how a `recovered` one was found. */
  problem: problemSchema.nullable(),
  /** The transcription job it became, once handed to the queue. */
  jobId: z.string().nullable(),
  /**
   * Microphone only: who spoke. Main opens the question (`unasked`) when it stops or recovers the
   * recording and keeps the user's answer. Null when never asked: two tracks say it themselves, by
   * track, and a manifest from before this field reads as null, so old recordings are not asked.
   */
  whoSpoke: whoSpokeStateSchema.nullable().default(null),
});

/**
 * One watch per page: the running recording (null when none), those waiting for a decision, and
 * those whose who-spoke question is open (main decides which; queued ones too), oldest first.
 */
export const recordingEventSchema = z.object({
  active: recordingSchema.nullable(),
  waiting: z.array(recordingSchema),
  askWhoSpoke: z.array(recordingSchema),
});

/** Whether system audio can be had here, said before recording starts (why not, as a problem). */
export const capabilitiesSchema = z.object({
  systemAudio: z.object({ available: z.boolean(), problem: problemSchema.nullable() }),
});

/**
 * One line of the live transcript while recording: a caption (a short stretch of one track,
 * provisional) or a stretch of a finished part's final text. `speaker` names the track's side
 * when the recording has two; seconds count from the recording's start.
 */
export const liveLineSchema = z.object({
  key: z.string(),
  speaker: z.string().nullable(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  text: z.string(),
  final: z.boolean(),
});

/** The live transcript of the newest recording (null before one started since Confab did), in order, as main composed it. */
export const liveTranscriptSchema = z.object({
  recordingId: z.string().nullable(),
  lines: z.array(liveLineSchema),
  /**
   * What of the running recording waits on this computer because the service cannot be reached
   * (or fails on its side): its parts, its captions, or both. They go by themselves when it is back.
   */
  sendingWaits: z.array(z.enum(['parts', 'captions'])),
});

/**
 * A change to the live transcript, as `recording.captions` streams it: the lines added or
 * changed (by key) and the keys of lines gone. `whole` replaces all the page has (its first
 * event, and a new recording's): so an event's size follows what changed, not the meeting's length.
 */
export const liveChangeSchema = liveTranscriptSchema.extend({
  whole: z.boolean(),
  removed: z.array(z.string()),
});

const recordingId = z.object({ id: z.string().min(1) }).strict();

export const recordingArea = {
  watch: stream(z.void(), recordingEventSchema),
  /** One per page: the live transcript as it stands (whole), then what changed on every change (a page that reloads gets it whole). */
  captions: stream(z.void(), liveChangeSchema),
  capabilities: call(z.void(), capabilitiesSchema),
  /** Starts a recording the user asked for; main refuses a second one while one runs. */
  start: call(z.object({ system: z.boolean() }).strict(), recordingSchema),
  /**
   * A page that reloaded mid-recording takes the capture back; main fills the gap with silence so
   * the tracks keep one clock, and answers where the page goes on from (its clock and markers count from `seconds`).
   */
  attach: call(recordingId, z.object({ nextSeq: z.number().int().nonnegative(), seconds: z.number().nonnegative(), notes: noteLinesSchema })),
  pause: call(recordingId, z.void()),
  resume: call(recordingId, z.void()),
  /** The page has sent its last chunk: main closes the files and queues the recording. */
  stop: call(recordingId, recordingSchema),
  mark: call(z.object({ id: z.string().min(1), at: z.number().nonnegative() }).strict(), z.void()),
  /**
   * The notes pad as it stands (whole: a line edited keeps its time), sent as each line ends and
   * at most a second after typing; main keeps it flushed with the running recording, times never
   * past the time recorded; a line longer than NOTE_LINE_MAX_CHARS is kept as several at its time.
   * A reloaded page gets it back from `attach`.
   */
  note: call(z.object({ id: z.string().min(1), lines: padLinesSchema }).strict(), z.void()),
  /** A track ended or was muted under the page (a device unplugged, a permission withdrawn). */
  trackLost: call(z.object({ id: z.string().min(1), track: trackSchema, reason: z.enum(['ended', 'muted']) }).strict(), z.void()),
  /** A waiting recording goes to the queue; `request` sets language and prompt for it alone. */
  transcribe: call(z.object({ id: z.string().min(1), request: jobRequestSchema.optional() }).strict(), jobSchema),
  keep: call(recordingId, z.void()),
  /** A stopped microphone-only recording: who spoke. Main labels its transcript by it, now or once transcribed. */
  whoSpoke: call(z.object({ id: z.string().min(1), who: whoSpokeSchema }).strict(), recordingSchema),
  discard: call(recordingId, z.void()),
};

/** A chunk: `pcm` is 16-bit little-endian samples, the recording's tracks interleaved, at most MAX_CHUNK_SECONDS. */
export const chunkInput = z.object({ id: z.string().min(1), seq: z.number().int().nonnegative(), pcm: z.instanceof(Uint8Array) }).strict();
/**
 * Main's hint to the page's capture while live captions cut the recording: hand over what was
 * gathered as soon as a track has been quiet (a window's mean square of samples, full scale 1,
 * below its `quietBelow`) for `quietSeconds` after a louder window, so a stretch's end reaches main
 * as its pause is in, not with the next second's block. Transport only: main decides where
 * stretches are cut, and a hint missed or stale costs the caption a second, never audio.
 */
export const pauseHintSchema = z
  .object({ windowSeconds: z.number().positive().max(1), quietBelow: z.array(z.number().nonnegative()).min(1).max(2), quietSeconds: z.number().positive().max(5) })
  .strict();
export const chunkOutcomeSchema = z.discriminatedUnion('ok', [
  /** Kept; `pauseHint` while live captions want the stretches' ends early (absent: hand over by the second). */
  z.object({ ok: z.literal(true), pauseHint: pauseHintSchema.optional() }),
  /** Refused or failed: the recording may have ended (its state says so); the page stops sending. */
  z.object({ ok: z.literal(false), problem: problemSchema }),
]);

/** Electron's preload channel for chunks, beside the router as staging's are (the harness's: binary bridge frames, chunk-frame.ts). */
export const RECORDING_CHUNK_CHANNEL = 'recording:chunk';

/** The renderer's one way to send a chunk, whichever transport is underneath. */
export interface ChunkSender {
  send(chunk: ChunkInput): Promise<ChunkOutcome>;
}

export type Track = z.infer<typeof trackSchema>;
export type Recording = z.infer<typeof recordingSchema>;
export type RecordingState = z.infer<typeof recordingStateSchema>;
export type WhoSpoke = z.infer<typeof whoSpokeSchema>;
export type WhoSpokeState = z.infer<typeof whoSpokeStateSchema>;
export type RecordingEvent = z.infer<typeof recordingEventSchema>;
export type Capabilities = z.infer<typeof capabilitiesSchema>;
export type LiveLine = z.infer<typeof liveLineSchema>;
export type LiveTranscript = z.infer<typeof liveTranscriptSchema>;
export type LiveChange = z.infer<typeof liveChangeSchema>;
export type ChunkInput = z.infer<typeof chunkInput>;
export type ChunkOutcome = z.infer<typeof chunkOutcomeSchema>;
export type PauseHint = z.infer<typeof pauseHintSchema>;
