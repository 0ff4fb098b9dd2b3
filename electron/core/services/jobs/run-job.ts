import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import type { Job, JobRequest } from '../../../../shared/contract/jobs';
import { MAX_UPLOAD_BYTES, type TranscriptRecord, type TranscriptionRequest } from '../../../../shared/contract/transcription';
import { problemOf } from '../../../../shared/domain/problem';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { Transcript } from '../../../../shared/domain/transcript';
import type { AudioSplitter, EncodedPart, SplitCut } from '../audio-split/types';
import { mergeTranscripts } from '../transcript-merge/merge';
import type { Transcribed } from '../transcription/transcribe-file';
import type { UploadFile } from '../transcription/upload';
import { glossaryPrompt } from './glossary-prompt';
import type { StoredJob, StoredPart } from './job-store';
import { partProblem } from './part-check';
import type { PartTiming } from './estimate';
import type { RunIo, Sending } from './run-io';
import { RateLimited, asksToWait, scheduleParts } from './part-scheduler';
import { partsFor, readPlan } from './plan-reading';

export interface RunDeps {
  transcribe(file: UploadFile, request: TranscriptionRequest, options: { signal: AbortSignal; onProgress(sent: number): void }): Promise<Transcribed>;
  splitter: AudioSplitter;
  /** Saves the transcript in the history with the recording as its audio (and the Confab recording it came from). */
  keep(record: TranscriptRecord, audioPath: string, format: string, recordingId: string | null): void;
  /** Where a part's encoded file goes (in the job's folder). */
  partPath(jobId: string, index: number): string;
  /** Most parts of a long recording in flight at once (the settings' transcription defaults). */
  partsInFlight(): number;
  /** The speakers known for a Confab recording, for its glossary. */
  speakerNames(recordingId: string | null): string[];
  /**
   * A Confab recording's part already on its way to the service (sent while it was recording):
   * its result, awaited rather than sent twice; null when it was not sent. A rejection means the
   * job sends it itself.
   */
  pending?(recordingId: string, cut: SplitCut, request: JobRequest): Promise<{ transcript: Transcript; flag: StoredPart['flag'] }> | null;
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

  const sending: Record<number, Sending> = {};
  const show = (index: number, change: Partial<Sending> | null, immediate: boolean) => {
    if (change) sending[index] = { ...(sending[index] ?? { state: 'encoding', sent: 0, total: 0 }), ...change };
    else delete sending[index];
    io.live({ sending: { ...sending } }, immediate);
  };

  async function send(index: number, file: UploadFile, prompt: string, verbose: boolean): Promise<Transcript> {
    show(index, { state: 'uploading', sent: 0, total: file.size }, true);
    if (index === lowestEncoding()) io.live({ prepared: null });
    const request = verbose ? { ...job.request, prompt, responseFormat: 'verbose_json' as const, granularities: ['word' as const, 'segment' as const] } : { ...job.request, prompt };
    const result = await deps.transcribe(file, request, {
      signal: io.signal,
      // All sent is news at once: from there the wait is the service's.
      onProgress: (sent) => show(index, { sent, state: sent < file.size ? 'uploading' : 'transcribing' }, sent >= file.size),
    });
    if (result.ok) return result.transcript;
    if ('stopped' in result) throw new Stopped();
    // The service's pace is not the part's fault: it goes again, later, with the same bytes.
    if (asksToWait(result.failure)) {
      show(index, null, true);
      throw new RateLimited(result.failure.retryAfterSeconds, result.failure);
    }
    // Parts fail at once: the row names the first to fail, so it says the first one's answer.
    job.failure ??= result.failure;
    throw result;
  }

  function finish(transcript: Transcript) {
    const record: TranscriptRecord = { id: randomUUID(), fileName: job.fileName, createdAt: Date.now(), request: job.request, transcript };
    deps.keep(record, job.sourcePath, job.format, job.recordingId);
    Object.assign(job, { state: 'done', recordId: record.id, failure: null, problem: null });
    io.save();
  }

  /** The preparation on screen is the first part still being made; how far each encode has come. */
  const lowestEncoding = () => Math.min(...Object.entries(sending).filter(([, s]) => s.state === 'encoding').map(([i]) => Number(i)));
  const madeSoFar = new Map<number, Job['prepared']>();
  const partSeconds = ({ index }: StoredPart) => {
    const cut = job.plan!.cuts[index]!;
    return (cut.endSample - cut.startSample) / job.plan!.sampleRate;
  };
  /** Encodes shared by the part's own turn and the prefetch while the parts before are sent. */
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
          onProgress: (prepared) => {
            madeSoFar.set(part.index, prepared);
            if (lowestEncoding() === part.index) io.live({ prepared });
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
    if (!(part.encoded && existsSync(part.encoded.path))) {
      show(part.index, { state: 'encoding', sent: 0, total: 0 }, true);
      if (lowestEncoding() === part.index) io.live({ prepared: madeSoFar.get(part.index) ?? { doneSeconds: 0, totalSeconds: partSeconds(part) } }, true);
    }
    const made = encode(part);
    // The part after the last one started is made alongside, so it is ready when a slot frees.
    const next = job.parts.find((other) => other.index > part.index && other.state !== 'done' && !(other.index in sending));
    if (next) void encode(next).catch(() => undefined);
    return made;
  }

  const prompt = glossaryPrompt(job.request, deps.speakerNames(job.recordingId));

  /** The part's result from the send made while recording, if one is on its way; null to send it here. */
  async function sentWhileRecording(part: StoredPart): Promise<boolean> {
    const pending = job.recordingId === null ? null : deps.pending?.(job.recordingId, job.plan!.cuts[part.index]!, job.request);
    if (!pending) return false;
    // Its bytes went while recording: what is left is the service's wait (which Cancel does not wait out).
    show(part.index, { state: 'transcribing', sent: 0, total: 0 }, true);
    const cancelled = new Promise<null>((resolve) => io.signal.addEventListener('abort', () => resolve(null), { once: true }));
    const result = await Promise.race([pending.catch(() => null), cancelled]);
    stop();
    if (!result) return false;
    Object.assign(part, { state: 'done', transcript: result.transcript, flag: result.flag, encoded: null });
    io.savePart(part);
    return true;
  }

  async function transcribePart(part: StoredPart) {
    try {
      if (await sentWhileRecording(part)) return;
      const file = await encoded(part);
      const upload = { path: file.path, name: partName(job.fileName, part.index, job.plan!.complete ? job.parts.length : null), mimeType: file.mimeType, size: file.bytes };
      let transcript = await send(part.index, upload, prompt, true);
      let problem = partProblem(transcript, file.durationSeconds);
      // A loop may not come again: once more as it was, then keep what came and say so.
      if (problem) {
        transcript = await send(part.index, upload, prompt, true);
        problem = partProblem(transcript, file.durationSeconds);
      }
      Object.assign(part, { state: 'done', transcript, flag: problem, encoded: null });
      io.savePart(part);
      rmSync(file.path, { force: true });
      // The wall time since the last part came back, not this part's own: parts overlap, and the pace is how often one comes back.
      const now = performance.now();
      timings.push({ audioSeconds: file.durationSeconds, elapsedMs: now - lastBackAt });
      lastBackAt = now;
      io.live({ timings: [...timings] }, true);
    } catch (error) {
      if (!(error instanceof RateLimited || error instanceof Stopped || io.signal.aborted)) {
        part.state = 'failed';
        io.savePart(part);
      }
      throw error;
    } finally {
      show(part.index, null, true);
    }
  }
  // Only parts transcribed in this run tell the pace: the ones kept from before took unknown time.
  const timings: PartTiming[] = [];
  let lastBackAt = performance.now();

  job.state = 'running';
  Object.assign(job, { failure: null, problem: null });
  io.save();
  try {
    // A recording cut while it was recorded comes with its plan, whatever its size.
    if (!isLong(job) && !job.plan) {
      io.live({ step: 'transcribing' }, true);
      const upload = { path: job.sourcePath, name: job.fileName, mimeType: job.mimeType, size: job.size };
      const whole = () => send(0, upload, prompt, false);
      let transcript: Transcript | undefined;
      await scheduleParts([0], { max: 1, signal: io.signal, work: async () => void (transcript = await whole()), onWait: (waitUntil) => io.live({ waitUntil }, true) });
      stop();
      return finish(transcript!);
    }
    // A part stored with its cut is sent as planned; one whose row a crash kept from the store is added again.
    if (job.plan) partsFor(job, job.plan, io);
    const toSend = job.parts.filter((part) => part.state !== 'done');
    const planning = job.plan?.complete ? null : readPlan(job, deps.splitter, io);
    if (!planning) io.live({ step: 'transcribing', planned: null }, true);
    try {
      await scheduleParts(toSend, {
        max: deps.partsInFlight(),
        signal: io.signal,
        work: transcribePart,
        onWait: (waitUntil) => io.live({ waitUntil }, true),
        more: planning?.parts,
      });
    } finally {
      // A part that failed ends the reading too; the parts planned so far stay for Retry.
      planning?.stop();
      await planning?.done;
    }
    stop();
    io.live({ step: 'saving', sending: {}, waitUntil: null }, true);
    const plan = job.plan!;
    const merged = mergeTranscripts(
      job.parts.map((part) => ({ startSeconds: plan.cuts[part.index]!.startSample / plan.sampleRate, transcript: part.transcript! })),
      plan.durationSeconds!,
      job.request.responseFormat,
    );
    finish({ ...merged, warnings: flagsOf(job.parts, plan.sampleRate, plan.cuts) });
  } catch (error) {
    if (error instanceof Stopped || io.signal.aborted) job.state = io.signal.reason === CLOSING ? 'interrupted' : 'cancelled';
    else {
      job.state = 'failed';
      // A service failure is said by job.failure; anything else main did not word is said as unexpected.
      if (error instanceof RateLimited) job.failure ??= error.failure as ServiceFailure;
      else if (error instanceof Error) job.problem = problemOf(error) ?? { code: 'unexpected', values: { detail: error.message } };
      else if (!job.failure) job.problem = { code: 'unexpected', values: { detail: String(error) } };
    }
    io.save();
  } finally {
    io.live({ step: null, sending: {}, waitUntil: null, planned: null, prepared: null }, true);
  }
}

/** "meeting (part 2 of 4).webm", or "meeting (part 2).webm" while the parts are still being planned: the service reads the container from the name. */
const partName = (fileName: string, index: number, count: number | null) => `${fileName.replace(/\.[^.]+$/, '')} (part ${index + 1}${count === null ? '' : ` of ${count}`}).webm`;

/** The parts whose results still looked wrong, where they are in the recording. */
function flagsOf(parts: StoredPart[], sampleRate: number, cuts: NonNullable<StoredJob['plan']>['cuts']) {
  return parts.flatMap(({ index, flag }) =>
    flag ? [{ start: cuts[index]!.startSample / sampleRate, end: cuts[index]!.endSample / sampleRate, part: index + 1, problem: flag }] : [],
  );
}
