import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import type { Job } from '../../../../shared/contract/jobs';
import { MAX_UPLOAD_BYTES, type TranscriptRecord, type TranscriptionRequest } from '../../../../shared/contract/transcription';
import { problemOf } from '../../../../shared/domain/problem';
import type { Transcript } from '../../../../shared/domain/transcript';
import type { AudioSplitter, EncodedPart } from '../audio-split/types';
import { mergeTranscripts } from '../transcript-merge/merge';
import type { Transcribed } from '../transcription/transcribe-file';
import type { UploadFile } from '../transcription/upload';
import { partPrompt } from './continuity';
import type { PartTiming } from './estimate';
import type { StoredJob, StoredPart } from './job-store';
import { partProblem } from './part-check';

/** What a running job shows that is not kept: where it is and how fast it goes. */
export interface Live {
  step: Job['step'];
  planned: Job['planned'];
  prepared: Job['prepared'];
  sentBytes: number;
  totalBytes: number;
  currentPart: number | null;
  partState: 'encoding' | 'uploading' | 'transcribing' | null;
  timings: PartTiming[];
}

export interface RunDeps {
  transcribe(file: UploadFile, request: TranscriptionRequest, options: { signal: AbortSignal; onProgress(sent: number): void }): Promise<Transcribed>;
  splitter: AudioSplitter;
  /** Saves the transcript in the history with the recording as its audio (and the Confab recording it came from). */
  keep(record: TranscriptRecord, audioPath: string, format: string, recordingId: string | null): void;
  /** Where a part's encoded file goes (in the job's folder). */
  partPath(jobId: string, index: number): string;
}

export interface RunIo {
  signal: AbortSignal;
  /** Writes the job's row (state, plan, outcome) after a change. */
  save(): void;
  savePart(part: StoredPart): void;
  live(change: Partial<Live>, immediate?: boolean): void;
}

class Stopped extends Error {}

/** The abort reason when Confab quits: the job is interrupted, not cancelled. */
export const CLOSING = 'closing';

/** Files over the upload limit are split; anything up to it is sent whole. */
export const isLong = (job: Pick<StoredJob, 'size'>) => job.size > MAX_UPLOAD_BYTES;

/**
 * Runs one job to done, failed or stopped, keeping each step's result in the store as it
 * comes, so a restart goes on from the last one: a planned recording is not planned again, a
 * part transcribed is never sent again, and a part's encoded file stays until it is done, so
 * Retry and Resume send exactly the same bytes.
 */
export async function runJob(job: StoredJob, deps: RunDeps, io: RunIo): Promise<void> {
  const stop = () => {
    if (io.signal.aborted) throw new Stopped();
  };

  async function send(file: UploadFile, prompt: string, forcedTimings: boolean): Promise<Transcript> {
    io.live({ sentBytes: 0, totalBytes: file.size, partState: 'uploading', prepared: null }, true);
    const request = forcedTimings ? { ...job.request, prompt, responseFormat: 'verbose_json' as const, granularities: ['word' as const, 'segment' as const] } : job.request;
    const result = await deps.transcribe(file, request, {
      signal: io.signal,
      // All sent is news at once: from there the wait is the service's.
      onProgress: (sentBytes) => io.live({ sentBytes, partState: sentBytes < file.size ? 'uploading' : 'transcribing' }, sentBytes >= file.size),
    });
    if (result.ok) return result.transcript;
    if ('stopped' in result) throw new Stopped();
    job.failure = result.failure;
    throw result;
  }

  function finish(transcript: Transcript) {
    const record: TranscriptRecord = { id: randomUUID(), fileName: job.fileName, createdAt: Date.now(), request: job.request, transcript };
    deps.keep(record, job.sourcePath, job.format, job.recordingId);
    Object.assign(job, { state: 'done', recordId: record.id, failure: null, problem: null });
    io.save();
  }

  /** The part whose turn it is: its preparation is the one on screen, and how far each encode has come. */
  let showing = -1;
  const madeSoFar = new Map<number, Job['prepared']>();
  const partSeconds = ({ index }: StoredPart) => {
    const cut = job.plan!.cuts[index]!;
    return (cut.endSample - cut.startSample) / job.plan!.sampleRate;
  };
  /** Encodes shared by the part's own turn and the prefetch while the part before is sent. */
  const encoding = new Map<number, Promise<EncodedPart>>();
  function encode(part: StoredPart): Promise<EncodedPart> {
    if (part.encoded && existsSync(part.encoded.path)) return Promise.resolve(part.encoded);
    let pending = encoding.get(part.index);
    if (!pending) {
      pending = deps.splitter
        .encodePart({
          path: job.sourcePath,
          plan: job.plan!,
          index: part.index,
          outPath: deps.partPath(job.id, part.index),
          signal: io.signal,
          // A part made ahead (the next one) is shown once its turn comes.
          onProgress: (prepared) => {
            madeSoFar.set(part.index, prepared);
            if (showing === part.index) io.live({ prepared });
          },
        })
        .then((made) => {
          stop();
          part.encoded = made;
          io.savePart(part);
          return made;
        });
      encoding.set(part.index, pending);
      // A failed prefetch is tried again (and reported) when the part's turn comes.
      pending.catch(() => encoding.get(part.index) === pending && encoding.delete(part.index));
    }
    return pending;
  }

  async function encoded(part: StoredPart): Promise<EncodedPart> {
    if (!(part.encoded && existsSync(part.encoded.path))) io.live({ partState: 'encoding', sentBytes: 0, totalBytes: 0, prepared: madeSoFar.get(part.index) ?? { doneSeconds: 0, totalSeconds: partSeconds(part) } }, true);
    const made = encode(part);
    // The next part is made alongside this one (a splitter process each: two cores, and each
    // process's memory is bounded), and so while this one is sent and transcribed.
    const next = job.parts[part.index + 1];
    if (next && next.state !== 'done') void encode(next).catch(() => undefined);
    return made;
  }

  async function transcribePart(part: StoredPart, previous: StoredPart | undefined) {
    const started = performance.now();
    showing = part.index;
    io.live({ currentPart: part.index, partState: null }, true);
    const file = await encoded(part);
    const upload = { path: file.path, name: partName(job.fileName, part.index, job.parts.length), mimeType: file.mimeType, size: file.bytes };
    const carried = partPrompt(job.request.prompt, previous?.transcript?.text ?? null);
    let transcript = await send(upload, carried, true);
    let problem = partProblem(transcript, file.durationSeconds);
    // A carried-over prompt makes loops likelier: once without it, then keep what came and say so.
    if (problem && carried !== job.request.prompt.trim()) {
      transcript = await send(upload, job.request.prompt.trim(), true);
      problem = partProblem(transcript, file.durationSeconds);
    }
    Object.assign(part, { state: 'done', transcript, flag: problem, encoded: null });
    io.savePart(part);
    rmSync(file.path, { force: true });
    timings.push({ audioSeconds: file.durationSeconds, elapsedMs: performance.now() - started });
    io.live({ timings: [...timings] }, true);
  }
  // Only parts transcribed in this run tell the pace: the ones kept from before took unknown time.
  const timings: PartTiming[] = [];

  job.state = 'running';
  Object.assign(job, { failure: null, problem: null });
  io.save();
  let failedPart: StoredPart | undefined;
  try {
    if (!isLong(job)) {
      io.live({ step: 'transcribing' }, true);
      const upload = { path: job.sourcePath, name: job.fileName, mimeType: job.mimeType, size: job.size };
      return finish(await send(upload, job.request.prompt, false));
    }
    if (!job.plan) {
      io.live({ step: 'planning', planned: { doneSeconds: 0, totalSeconds: null } }, true);
      job.plan = await deps.splitter.plan({ path: job.sourcePath, signal: io.signal, onProgress: (planned) => io.live({ planned }) });
      stop();
      job.parts = job.plan.cuts.map((cut) => ({ index: cut.index, state: 'waiting', transcript: null, flag: null, encoded: null }));
      io.save();
      for (const part of job.parts) io.savePart(part);
    }
    io.live({ step: 'transcribing', planned: null }, true);
    for (const part of job.parts) {
      if (part.state === 'done') continue;
      failedPart = part;
      await transcribePart(part, job.parts[part.index - 1]);
      failedPart = undefined;
    }
    io.live({ step: 'saving', currentPart: null, partState: null }, true);
    const { plan } = job;
    const merged = mergeTranscripts(
      job.parts.map((part) => ({ startSeconds: plan.cuts[part.index]!.startSample / plan.sampleRate, transcript: part.transcript! })),
      plan.durationSeconds,
      job.request.responseFormat,
    );
    finish({ ...merged, warnings: flagsOf(job.parts, plan.sampleRate, plan.cuts) });
  } catch (error) {
    if (failedPart && !(error instanceof Stopped)) {
      failedPart.state = 'failed';
      io.savePart(failedPart);
    }
    if (error instanceof Stopped || io.signal.aborted) job.state = io.signal.reason === CLOSING ? 'interrupted' : 'cancelled';
    else {
      job.state = 'failed';
      // A service failure is said by job.failure; anything else main did not word is said as unexpected.
      if (error instanceof Error) job.problem = problemOf(error) ?? { code: 'unexpected', values: { detail: error.message } };
      else if (!job.failure) job.problem = { code: 'unexpected', values: { detail: String(error) } };
    }
    io.save();
  } finally {
    io.live({ step: null, currentPart: null, partState: null, sentBytes: 0, totalBytes: 0, planned: null, prepared: null }, true);
  }
}

/** "meeting (part 2 of 4).webm": the service reads the container from the name. */
const partName = (fileName: string, index: number, count: number) => `${fileName.replace(/\.[^.]+$/, '')} (part ${index + 1} of ${count}).webm`;

/** The parts whose results still looked wrong, where they are in the recording. */
function flagsOf(parts: StoredPart[], sampleRate: number, cuts: NonNullable<StoredJob['plan']>['cuts']) {
  return parts.flatMap(({ index, flag }) =>
    flag ? [{ start: cuts[index]!.startSample / sampleRate, end: cuts[index]!.endSample / sampleRate, part: index + 1, problem: flag }] : [],
  );
}
