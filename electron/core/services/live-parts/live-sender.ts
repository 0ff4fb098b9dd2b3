import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';
import type { TranscriptionRequest } from '../../../../shared/contract/transcription';
import type { SplitCut } from '../audio-split';
import { partProblem } from '../jobs/part-check';
import { RateLimited, abortableSleep, backoffSeconds, serviceWait } from '../jobs/part-scheduler';
import type { RunDeps } from '../jobs/run-job';
import type { LiveResult } from './live-store';

export interface LiveSenderDeps {
  transcribe: RunDeps['transcribe'];
  /** What every part is sent with: the transcription defaults, the glossary prompt, word timings. */
  request: TranscriptionRequest;
  /** Most parts in flight at once (the settings'). */
  max(): number;
  /** Whether parts may go now (the plan allows transcription). */
  allowed(): boolean;
  saveResult(index: number, result: LiveResult): Promise<void>;
  onDone(cut: SplitCut, result: LiveResult): void;
  warn(error: unknown): void;
  /** True when a part met a service it cannot reach (parts wait on disk), false once one goes again or the sender closes. */
  onWaiting?(waiting: boolean): void;
  /** Waits `ms` or until the signal aborts; injected for the tests. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** A part's audio as written: Opus in WebM, or the WAV when encoding failed. */
export interface LivePartFile {
  path: string;
  size: number;
  mimeType: string;
}

/** A part cut and written. */
interface Queued {
  cut: SplitCut;
  file: LivePartFile;
}

/** The service could not be reached, or failed on its side: the part waits and goes again. */
class Unreachable extends Error {}
/** The service refused the part for good (a key, the plan, the audio): the job sends it and says why. */
class Refused extends Error {}

/**
 * Sends a recording's parts as they are cut, while it still records. Parts wait in a queue
 * (their audio on disk) and go up to `max` at a time; a 429 or 503 halves the slots and waits as
 * the service asked, an unreachable service is tried again after a growing wait, so parts queue
 * while the network is gone and go when it is back. Nothing here holds the recording up. At
 * Stop (`close`) nothing new starts: the job sends what is left and awaits what is in flight.
 */
export function createLiveSender(deps: LiveSenderDeps) {
  const sleep = deps.sleep ?? abortableSleep;
  const controller = new AbortController();
  const queue: Queued[] = [];
  const inFlight = new Map<number, Promise<LiveResult>>();
  const done = new Map<number, LiveResult>();
  let limit = Math.max(1, deps.max());
  let successes = 0;
  let waitsInARow = 0;
  let resumeAt = 0;
  let sleeping = false;
  let closed = false;
  let waiting = false;
  const setWaiting = (now: boolean) => {
    if (waiting !== now) deps.onWaiting?.((waiting = now));
  };

  async function once(cut: SplitCut, { path, size, mimeType }: LivePartFile) {
    const file = { path, name: `part ${cut.index + 1}${extname(path)}`, mimeType, size };
    const result = await deps.transcribe(file, deps.request, { signal: controller.signal, onProgress: () => undefined });
    if (result.ok) return result.transcript;
    if ('stopped' in result) throw new Refused('stopped');
    // Out of quota is a 429 no wait ends: the job sends the part and says so.
    if ((result.failure.kind === 'rate_limit' && result.failure.code !== 'insufficient_quota') || result.failure.status === 503) throw new RateLimited(result.failure.retryAfterSeconds);
    if (result.failure.kind === 'network' || result.failure.kind === 'server') throw new Unreachable(result.failure.kind);
    throw new Refused(result.failure.kind);
  }

  /** One part to its result, with the loop check: a looping answer goes once more, and what comes is kept with its flag. */
  async function send(cut: SplitCut, file: LivePartFile): Promise<LiveResult> {
    const seconds = (cut.endSample - cut.startSample) / RECORDING_SAMPLE_RATE;
    let transcript = await once(cut, file);
    let flag = partProblem(transcript, seconds);
    if (flag) {
      transcript = await once(cut, file);
      flag = partProblem(transcript, seconds);
    }
    const result = { transcript, flag };
    await deps.saveResult(cut.index, result);
    return result;
  }

  function waitFor(seconds: number) {
    resumeAt = Math.max(resumeAt, Date.now() + seconds * 1000);
  }

  function start(item: Queued) {
    const sending = send(item.cut, item.file);
    inFlight.set(item.cut.index, sending);
    sending
      .then((result) => {
        done.set(item.cut.index, result);
        waitsInARow = 0;
        setWaiting(false);
        if (++successes >= limit && limit < deps.max()) {
          limit++;
          successes = 0;
        }
        deps.onDone(item.cut, result);
        void rm(item.file.path, { force: true });
      })
      .catch((error: unknown) => {
        if (error instanceof RateLimited) {
          limit = Math.max(1, Math.floor(limit / 2));
          successes = 0;
          waitFor(serviceWait(error.seconds, ++waitsInARow));
        } else if (error instanceof Unreachable) {
          // Parts failing together meet one outage: it is waited out once, longer each time it lasts.
          if (resumeAt <= Date.now()) waitFor(backoffSeconds(++waitsInARow));
          setWaiting(true);
        } else {
          // Left for the job, which sends it and says what went wrong.
          if (!(error instanceof Refused)) deps.warn(error);
          return;
        }
        queue.unshift(item);
      })
      .finally(() => {
        inFlight.delete(item.cut.index);
        pump();
      });
  }

  function pump() {
    if (closed) return;
    const wait = resumeAt - Date.now();
    if (wait > 0) {
      if (!sleeping) {
        sleeping = true;
        const until = resumeAt;
        void sleep(wait, controller.signal).then(() => {
          sleeping = false;
          // Waited as asked; a later, longer ask (a part limited meanwhile) is waited out next.
          if (resumeAt === until) resumeAt = 0;
          pump();
        });
      }
      return;
    }
    while (queue.length && inFlight.size < limit && deps.allowed()) start(queue.shift()!);
  }

  return {
    /** A part cut and written: it goes as soon as a slot and the service allow. */
    add(cut: SplitCut, file: LivePartFile) {
      if (closed) return;
      queue.push({ cut, file });
      pump();
    },
    /** The part's result: kept, or on its way (rejects when it did not come); null when it was never sent. */
    pending(index: number): Promise<LiveResult> | null {
      const result = done.get(index);
      return result ? Promise.resolve(result) : (inFlight.get(index) ?? null);
    },
    /** Stop: nothing new starts; parts in flight finish, the rest are the job's. */
    close() {
      closed = true;
      queue.length = 0;
      setWaiting(false);
    },
    /** Confab quits: what is in flight is dropped (its audio stays for the job). */
    abort() {
      this.close();
      controller.abort();
    },
  };
}

export type LiveSender = ReturnType<typeof createLiveSender>;
