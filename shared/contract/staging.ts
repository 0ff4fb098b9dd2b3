import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import type { ChunkInput, ChunkOutcome } from './recording';
import type { StageOutcome } from './transcription';

/**
 * How a dropped or picked file reaches main's staging folder without its bytes ever riding
 * inside a JSON message. Electron: the preload (isolated world) turns the File into its path
 * with webUtils and hands main only that; main copies the file from disk. Browser harness:
 * there are no paths, so the page sends the bytes once, raw, as the body of an HTTP PUT to
 * the bridge's token-checked staging route. Either way the answer is a StageOutcome, whose
 * fileId is the page's only handle on the file.
 */

/**
 * original: a recording to transcribe, kept for playback while it (or its parts) is uploaded
 * (no size limit). import: a conversation export, read by history:import (at most
 * MAX_IMPORT_BYTES). paste: text pasted into the composer, too long for a message, held until
 * the user removes it (at most MAX_PASTE_BYTES). dictation: a clip spoken into the composer, raw
 * PCM (at most MAX_DICTATION_BYTES), held until its text is in or the user drops it. document: a
 * file attached to a chat message (at most MAX_DOCUMENT_BYTES), until main has read its text.
 */
export const stagePurposeSchema = z.enum(['original', 'import', 'paste', 'dictation', 'document']);
export type StagePurpose = z.infer<typeof stagePurposeSchema>;

const described = z.object({ name: z.string().min(1, 'A staged file needs a name.'), purpose: stagePurposeSchema });

/** Electron, preload → main: a file the user dropped or picked, by the path webUtils gave. */
export const stagePathInput = described.extend({ path: z.string().min(1) }).strict();
/** Electron, preload → main: a file made in the page (pasted text), or one without a path, as bytes. */
export const stageBytesInput = described.extend({ bytes: z.instanceof(Uint8Array) }).strict();
/** Browser harness: the query of the staging route; the body is the file. */
export const stageQuery = described;

/**
 * The harness's check before an upload (POST, body = the file's first STAGE_HEAD_BYTES at most,
 * the whole file's size in the query): main judges the size and the kind from them, so a file it
 * would refuse is refused in a moment rather than after the whole of it was sent.
 */
export const STAGE_CHECK_ROUTE = '/files/check';
/** How many first bytes main needs to judge a file's kind (file-type's own sample size). */
export const STAGE_HEAD_BYTES = 4100;
export const stageCheckQuery = described.extend({ size: z.coerce.number().int().nonnegative() });
/** The check's answer: why main would refuse the file, or null when it may be sent. */
export const stageCheckSchema = z.object({ problem: problemSchema.nullable() });

/** The preload's IPC channels for staging; they are not part of the router, so the harness has none. */
export const STAGE_PATH_CHANNEL = 'files:stagePath';
export const STAGE_BYTES_CHANNEL = 'files:stageBytes';
/** The harness's staging route (PUT, body = the file, `Authorization: Bearer <launch token>`). */
export const STAGE_ROUTE = '/files';

export interface StageOptions {
  name: string;
  purpose: StagePurpose;
}

/** What the preload exposes as `window.confab.files` (only data crosses the context bridge). */
export interface PreloadFiles {
  /** A file the user gave the page, staged by path; one made in the page (no path), by its bytes. */
  stageFile(file: Blob, options: StageOptions): Promise<StageOutcome>;
  /** A recording's chunk, as one binary message on RECORDING_CHUNK_CHANNEL. */
  sendChunk(input: ChunkInput): Promise<ChunkOutcome>;
}

/** The renderer's one way to stage a file, whichever transport is underneath. */
export interface FileStager {
  /**
   * Resolves with main's outcome (refusals are outcomes, with the problem in words); rejects
   * when the transfer broke, or with an AbortError when `signal` aborted it.
   */
  stage(file: Blob, options: StageOptions & { signal?: AbortSignal; onProgress?(stagedBytes: number): void }): Promise<StageOutcome>;
}
