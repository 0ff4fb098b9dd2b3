import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Track } from '../../../../shared/contract/recording';
import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import { log } from '../../log';
import { type EncodeWav, opusOrWav } from '../audio-split';
import { serviceWait } from '../jobs/part-scheduler';
import { wavHeader } from '../recording/wav-header';
import { createAtomicWriter } from '../storage/json-file';
import type { Transcribed } from '../transcription/transcribe-file';
import type { UploadFile } from '../transcription/upload';

/** A stretch of one track, numbered in the order it was heard. */
export interface Clip {
  seq: number;
  track: Track;
  startSeconds: number;
  endSeconds: number;
}

export interface Caption extends Clip {
  text: string;
}

export interface SenderDeps {
  /** The recording's captions folder: the queue of clips, and the captions that came back. */
  folder: string;
  transcribe(file: UploadFile, request: TranscriptionRequest, options: { signal: AbortSignal; onProgress(sent: number): void }): Promise<Transcribed>;
  /** The request for a clip of `track`, asked when it leaves (its prompt has the words confirmed by then). */
  request(track: Track): TranscriptionRequest;
  onCaption(caption: Caption): void;
  /**
   * Encodes a clip's WAV (`frames` long) to Opus in WebM at `outPath`, answering its size: an
   * eighth of the upload. Without it (or when it fails) the WAV is sent.
   */
  encode?: EncodeWav;
  /** Captions switched off: what is queued is not sent. */
  enabled(): boolean;
  /** True when a clip met a service it cannot reach (they wait on disk), false once one goes again or the sender closes. */
  onWaiting?(waiting: boolean): void;
  maxInFlight?: number;
  /** How long to wait after the `inARow`-th failure that may pass (the service's Retry-After when it said one). */
  waitMs?(retryAfterSeconds: number | null, inARow: number): number;
}

/** Two at once: captions keep up with speech without taking the slots the recording's parts need. */
export const CAPTIONS_IN_FLIGHT = 2;

const defaultWait = (retryAfter: number | null, inARow: number) => serviceWait(retryAfter, inARow) * 1000;

/** Failures that pass: the network gone, the service busy or asking to slow down. Anything else would fail again. */
// Out of quota is a 429 that no wait ends.
const passes = (failure: ServiceFailure) => failure.kind === 'network' || (failure.kind === 'rate_limit' && failure.code !== 'insufficient_quota') || failure.kind === 'server';

interface Queued extends Clip {
  /** The file to send once it is on disk (null: it could not be written). */
  written: Promise<UploadFile | null>;
}

/**
 * Sends a running recording's clips for captions, oldest first, a couple at a time. Each clip is
 * a small file in the recording's folder (its WAV, encoded to Opus in WebM) before it is sent, so a network that is gone (or a
 * service asking to wait) only holds the queue: the clips wait on disk, in order, and go when
 * sending works again. Adding never waits on the network or the disk.
 */
export function createCaptionSender(deps: SenderDeps) {
  const max = deps.maxInFlight ?? CAPTIONS_IN_FLIGHT;
  const waitMs = deps.waitMs ?? defaultWait;
  const abort = new AbortController();
  const queue: Queued[] = [];
  const sending = new Set<Promise<void>>();
  // Made with the first clip: a recording without speech (or captions) leaves no folder.
  let folderMade: Promise<unknown> | null = null;
  let resumeAt = 0;
  let failedInARow = 0;
  /** A failure that passes met the last clip sent: the queue waits for the service. */
  let waiting = false;
  const setWaiting = (now: boolean) => {
    if (waiting !== now) deps.onWaiting?.((waiting = now));
  };
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const name = (clip: Clip) => `${String(clip.seq).padStart(6, '0')}-${clip.track}`;
  const removeFile = (file: UploadFile | null) => (file ? rm(file.path, { force: true }) : undefined);

  function pump() {
    if (closed) return;
    if (!deps.enabled()) {
      for (const clip of queue.splice(0)) void clip.written.then(removeFile);
      return;
    }
    const now = Date.now();
    if (now < resumeAt) {
      timer ??= setTimeout(() => ((timer = null), pump()), resumeAt - now);
      return;
    }
    while (sending.size < max && queue.length > 0) {
      const sent = send(queue.shift()!).finally(() => {
        sending.delete(sent);
        pump();
      });
      sending.add(sent);
    }
  }

  async function send(clip: Queued) {
    const upload = await clip.written;
    if (!upload) return;
    const result = await deps.transcribe(upload, deps.request(clip.track), { signal: abort.signal, onProgress: () => undefined });
    if (!result.ok && 'stopped' in result) return void (await removeFile(upload));
    if (!result.ok && passes(result.failure)) {
      // Back in its place: the oldest still goes first when sending works again.
      queue.push(clip);
      queue.sort((a, b) => a.seq - b.seq);
      resumeAt = Math.max(resumeAt, Date.now() + waitMs(result.failure.retryAfterSeconds, ++failedInARow));
      return setWaiting(true);
    }
    if (result.ok) {
      failedInARow = 0;
      setWaiting(false);
      const caption: Caption = { seq: clip.seq, track: clip.track, startSeconds: clip.startSeconds, endSeconds: clip.endSeconds, text: result.transcript.text.trim() };
      await createAtomicWriter(join(deps.folder, `${name(clip)}.json`))(JSON.stringify(caption)).catch((error: unknown) => log.warn('Keeping a caption failed:', error));
      deps.onCaption(caption);
    } else {
      // Refused for good (the plan, the key, the audio): the recording's own transcript carries these words.
      log.warn('A live caption was refused:', result.failure.kind, result.failure.status, result.failure.message);
    }
    await removeFile(upload);
  }

  return {
    /** Queues a stretch: written to the folder, then sent in its turn. */
    add(clip: Clip, samples: Int16Array) {
      if (closed) return;
      const path = join(deps.folder, `${name(clip)}.wav`);
      const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
      const file = Buffer.concat([wavHeader(pcm.length), pcm]);
      folderMade ??= mkdir(deps.folder, { recursive: true });
      const written = folderMade
        .then(() => writeFile(path, file))
        .then(
          async () => {
            const sent = await opusOrWav({ path, size: file.length }, samples.length, deps.encode, (error) => void (closed || log.warn('Encoding a caption clip failed; it goes as WAV:', error)));
            return { ...sent, name: basename(sent.path) };
          },
          (error: unknown) => (log.warn('Queueing a caption clip failed:', error), null),
        );
      queue.push({ ...clip, written });
      pump();
    },

    /** Clips waiting on disk, not yet sent. */
    queued: () => queue.length,

    /**
     * The recording ended. A caption is superseded by the recording's own transcript (its parts
     * carry the final text, from the track files, which hold every sample), so a clip still queued
     * is not sent: its file is removed, and a request in flight is abandoned. Nothing recorded is lost.
     */
    async close() {
      closed = true;
      setWaiting(false);
      if (timer) clearTimeout(timer);
      abort.abort();
      await Promise.allSettled([...sending]);
      await Promise.all(queue.splice(0).map((clip) => clip.written.then(removeFile)));
    },
  };
}

export type CaptionSender = ReturnType<typeof createCaptionSender>;
