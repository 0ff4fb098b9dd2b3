/**
 * One long recording, from the dropped file to one saved transcript:
 *
 *   stage the original (for playback) ‖ find the pauses (worker pass 1) → plan the parts
 *   → for each part: encode (worker pass 2) → stage → transcribe, its prompt carrying the
 *     end of the part before; the next part is encoded and staged while one is transcribed
 *   → saveMerged, each part's times offset by its true start in samples.
 *
 * A failed step stays failed with its reason until Retry, which redoes that step alone: a
 * failed part is sent again from the copy main still holds, and no other part is redone.
 * Cancel stops at once (the worker is ended, the upload aborted) and discards every
 * staged file. At most one encoded part is in the renderer at a time: it is released as
 * soon as main has it.
 */
import type { FileStager } from '../../../shared/contract/staging';
import type { TranscriptRecord, TranscriptionEvent, TranscriptionRequest } from '../../../shared/contract/transcription';
import type { ServiceFailure } from '../../../shared/domain/service-failure';
import type { ResponseFormat, Transcript } from '../../../shared/domain/transcript';
import { bridgeFailure, errorMessage } from '../format';
import { mergeParts, partPrompt } from './continuity';
import { DEFAULT_SPLIT, type SplitOptions, type SplitPlan } from './cut-points';
import { PART_EXTENSION } from './protocol';
import { RejectedFile, type Splitter } from './splitter';
import { Cancelled, Problem, Refused, type TranscriptionApi, stageBlob } from './staging';

export type PartState = 'waiting' | 'encoding' | 'staging' | 'staged' | 'uploading' | 'transcribing' | 'done' | 'failed';

export interface PartView {
  index: number;
  startSeconds: number;
  endSeconds: number;
  state: PartState;
  /** Seconds of the part encoded so far (while encoding). */
  encodedSeconds: number;
  /** Bytes of the encoded part, once encoded. */
  size: number | null;
  /** Upload progress. */
  sent: number;
  total: number;
  /** False when no pause was near the part's start and it was cut at the quietest point. */
  startsInPause: boolean;
}

/** `rejected`: the file cannot be split at all (not audio); `failed`: a step can be retried. */
export type JobPhase = 'preparing' | 'waiting' | 'transcribing' | 'saving' | 'done' | 'failed' | 'rejected' | 'cancelled';

export interface LongJobView {
  key: string;
  name: string;
  size: number;
  phase: JobPhase;
  /** Bytes of the original copied into main (for playback). */
  staged: number;
  /** The first pass: seconds decoded of the recording's length (null until known). */
  decodedSeconds: number;
  totalSeconds: number | null;
  analysed: boolean;
  /** The recording's true length, from its sample count. */
  duration: number | null;
  parts: PartView[];
  /** The part being (or that failed being) transcribed. */
  current: number | null;
  /** Why the job stopped: the service's failure for a part, or a problem with the file or the splitter. */
  failure: ServiceFailure | null;
  problem: string | null;
  /** Which step failed: what Retry redoes. */
  failedStep: 'original' | 'analysis' | 'encode' | 'transcribe' | 'save' | null;
  responseFormat: ResponseFormat | null;
  recordId: string | null;
  /** Measured figures, for the report on the job. */
  stats: { analysisMs: number | null; encodeMs: number[]; levelsBytes: number | null; primingSamples: number | null };
}

/** What the job needs of the rest of the screen. */
export interface JobHost {
  /** The options the user chose in the form; null while they are invalid. */
  request(): Omit<TranscriptionRequest, 'fileId'> | null;
  /** Calls back when the options (or the plan) may have changed. */
  subscribe(listener: () => void): () => void;
  /** The merged transcript is saved: show it like any other. */
  finished(record: TranscriptRecord, file: File): void;
}

export interface JobDeps {
  api: TranscriptionApi;
  /** Hands the original and each part to main (staging.ts). */
  files: FileStager;
  createSplitter(): Splitter;
  options?: SplitOptions;
}

type Terminal = Extract<TranscriptionEvent, { type: 'done' | 'failed' | 'stopped' }>;

class PartFailed extends Error {
  constructor(readonly failure: ServiceFailure) {
    super(failure.message);
  }
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '') || 'recording';

/** Where a job's progress starts, when it is created and when it starts over. */
const FRESH_PROGRESS = {
  phase: 'preparing',
  staged: 0,
  decodedSeconds: 0,
  totalSeconds: null,
  analysed: false,
  duration: null,
  parts: [],
  current: null,
  failure: null,
  problem: null,
  failedStep: null,
  recordId: null,
} satisfies Partial<LongJobView>;

export class LongJob {
  view: LongJobView;
  private readonly listeners = new Set<(view: LongJobView) => void>();
  private readonly options: SplitOptions;
  private splitter: Splitter | null = null;
  private abort = new AbortController();
  private originalId: string | null = null;
  private plan: SplitPlan | null = null;
  /** Part index → its staged copy in main, until it is transcribed (main then removes it). */
  private readonly stagedParts = new Map<number, string>();
  private readonly preparing = new Map<number, Promise<string>>();
  private readonly transcripts = new Map<number, Transcript>();
  private request: Omit<TranscriptionRequest, 'fileId'> | null = null;
  private activeStream: string | null = null;
  /** Steps waiting for Retry (or Cancel). */
  private retryWaiters: Array<{ resolve(): void; reject(error: Error): void }> = [];

  constructor(
    readonly key: string,
    readonly file: File,
    private readonly host: JobHost,
    private readonly deps: JobDeps,
  ) {
    this.options = deps.options ?? DEFAULT_SPLIT;
    this.view = {
      key,
      name: file.name,
      size: file.size,
      ...FRESH_PROGRESS,
      responseFormat: null,
      stats: { analysisMs: null, encodeMs: [], levelsBytes: null, primingSamples: null },
    };
  }

  subscribe(listener: (view: LongJobView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start() {
    void this.run();
  }

  /** Redoes the failed step alone (a cancelled job starts over). */
  retry() {
    const stuck = this.view.phase === 'failed' && !this.retryWaiters.length;
    if (this.view.phase === 'cancelled' || stuck) {
      // Nothing to resume: start over, with nothing of the last attempt left staged.
      this.abort.abort();
      this.splitter?.terminate();
      this.splitter = null;
      void this.discardAll();
      this.abort = new AbortController();
      this.reset();
      this.start();
      return;
    }
    if (this.view.phase !== 'failed') return;
    const waiters = this.retryWaiters.splice(0);
    const parts = this.view.failedStep === 'transcribe' || this.view.failedStep === 'encode'
      ? this.view.parts.map((p) => (p.state === 'failed' ? { ...p, state: 'waiting' as const, sent: 0 } : p))
      : this.view.parts;
    const step = this.view.failedStep;
    const phase = step === 'save' ? 'saving' : step === 'transcribe' || step === 'encode' ? 'transcribing' : 'preparing';
    this.update({ phase, failure: null, problem: null, failedStep: null, parts, staged: step === 'original' ? 0 : this.view.staged });
    for (const waiter of waiters) waiter.resolve();
  }

  /** Stops at once and removes every staged file. */
  cancel() {
    if (this.view.phase === 'done' || this.view.phase === 'cancelled' || this.view.phase === 'rejected') return;
    this.abort.abort();
    this.splitter?.terminate();
    this.splitter = null;
    if (this.activeStream) void this.deps.api.transcribe.cancel(this.activeStream).catch(() => undefined);
    for (const waiter of this.retryWaiters.splice(0)) waiter.reject(new Cancelled());
    this.update({ phase: 'cancelled', current: null, parts: this.view.parts.map((p) => (p.state === 'done' ? p : { ...p, state: 'waiting', sent: 0 })) });
    void this.discardAll();
  }

  /** The file cannot be split: nothing more is tried, and nothing stays staged. */
  private reject(problem: string) {
    this.abort.abort();
    this.splitter?.terminate();
    this.splitter = null;
    this.update({ phase: 'rejected', problem, failure: null, failedStep: null, current: null });
    void this.discardAll();
  }

  /** The job leaves the queue: whatever is still staged goes too. */
  dispose() {
    if (this.view.phase !== 'done' && this.view.phase !== 'cancelled' && this.view.phase !== 'rejected') this.cancel();
    else void this.discardAll();
    this.listeners.clear();
  }

  private reset() {
    this.plan = null;
    this.request = null;
    this.preparing.clear();
    this.stagedParts.clear();
    this.transcripts.clear();
    this.originalId = null;
    this.update(FRESH_PROGRESS);
  }

  private update(change: Partial<LongJobView>) {
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener(this.view);
  }

  private updatePart(index: number, change: Partial<PartView>) {
    this.update({ parts: this.view.parts.map((p) => (p.index === index ? { ...p, ...change } : p)) });
  }

  private splitterNow(): Splitter {
    this.splitter ??= this.deps.createSplitter();
    return this.splitter;
  }

  /** Runs `work` until it succeeds; a failure waits for Retry (or Cancel). */
  private async attempt<T>(signal: AbortSignal, step: NonNullable<LongJobView['failedStep']>, work: () => Promise<T>): Promise<T> {
    for (;;) {
      if (signal.aborted) throw new Cancelled();
      try {
        return await work();
      } catch (error) {
        if (signal.aborted || error instanceof Cancelled) throw new Cancelled();
        // The file itself is refused (not audio, or main will not keep it): nothing to retry.
        if (error instanceof RejectedFile || (step === 'original' && error instanceof Refused)) {
          this.reject(error.message);
          throw new Cancelled();
        }
        if (error instanceof PartFailed) this.update({ phase: 'failed', failedStep: step, failure: error.failure, problem: null });
        else this.update({ phase: 'failed', failedStep: step, failure: null, problem: error instanceof Problem ? error.message : errorMessage(error) });
        await new Promise<void>((resolve, reject) => this.retryWaiters.push({ resolve, reject }));
      }
    }
  }

  private async run() {
    const signal = this.abort.signal;
    try {
      // The original is copied into main while the pauses are found; a failure to copy it
      // (other than main's refusal) is reported once the analysis is done, before any part is sent.
      let copy: Promise<unknown> | null = null;
      const copyOriginal = () =>
        stageBlob(this.deps, this.file, this.file.name, 'original', signal, (staged) => this.update({ staged })).then((file) => {
          if (signal.aborted) return;
          this.originalId = file.fileId;
        });
      copy = copyOriginal();
      // Main refusing the recording ends the job at once.
      copy.catch((error: unknown) => {
        if (error instanceof Refused && !signal.aborted) this.reject(error.message);
      });
      await this.attempt(signal, 'analysis', () => this.analyse());
      await this.attempt(signal, 'original', async () => {
        copy ??= copyOriginal();
        try {
          await copy;
        } catch (error) {
          copy = null;
          throw error;
        }
      });
      await this.transcribeParts(signal);
      await this.attempt(signal, 'save', () => this.save());
    } catch (error) {
      if (!(error instanceof Cancelled) && !signal.aborted) this.update({ phase: 'failed', problem: errorMessage(error), failedStep: null });
    }
  }

  private async analyse() {
    const started = performance.now();
    const { plan, stats } = await this.splitterNow().analyze(this.file, this.options, (decodedSeconds, totalSeconds) =>
      this.update({ decodedSeconds, totalSeconds }),
    );
    this.plan = plan;
    const seconds = (sample: number) => sample / plan.sampleRate;
    this.update({
      analysed: true,
      duration: seconds(plan.totalSamples),
      decodedSeconds: seconds(plan.totalSamples),
      totalSeconds: seconds(plan.totalSamples),
      parts: plan.parts.map((part) => ({
        index: part.index,
        startSeconds: seconds(part.startSample),
        endSeconds: seconds(part.endSample),
        state: 'waiting',
        encodedSeconds: 0,
        size: null,
        sent: 0,
        total: 0,
        startsInPause: part.index === 0 || plan.cuts[part.index - 1]!.pause !== null,
      })),
      stats: { ...this.view.stats, analysisMs: performance.now() - started, levelsBytes: stats.levelsBytes, primingSamples: stats.primingSamples },
    });
  }

  /** Encodes and stages one part, once: the promise is shared by the prefetch and the loop. */
  private prepare(index: number, signal: AbortSignal): Promise<string> {
    let pending = this.preparing.get(index);
    if (!pending) {
      pending = this.encodeAndStage(index, signal);
      this.preparing.set(index, pending);
      // A failure is reported when the loop reaches the part, not before.
      pending.catch(() => this.preparing.get(index) === pending && this.preparing.delete(index));
    }
    return pending;
  }

  private async encodeAndStage(index: number, signal: AbortSignal): Promise<string> {
    const plan = this.plan!;
    const part = plan.parts[index]!;
    this.updatePart(index, { state: 'encoding', encodedSeconds: 0 });
    // Only the previous part may still be being encoded: parts are made one at a time.
    if (index > 0) await this.preparing.get(index - 1)?.catch(() => undefined);
    let encoded: { bytes: ArrayBuffer; encodeMs: number } | null = await this.splitterNow().encode(this.file, part, (encodedSeconds) =>
      this.updatePart(index, { encodedSeconds }),
    );
    const size = encoded.bytes.byteLength;
    const encodeMs = [...this.view.stats.encodeMs];
    encodeMs[index] = encoded.encodeMs;
    this.update({ stats: { ...this.view.stats, encodeMs } });
    this.updatePart(index, { state: 'staging', size, total: size });
    const name = `${baseName(this.file.name)} (part ${index + 1} of ${plan.parts.length}).${PART_EXTENSION}`;
    const blob = new Blob([encoded.bytes], { type: 'audio/webm' });
    encoded = null; // the part is in the Blob only, and gone once main has it
    const staged = await stageBlob(this.deps, blob, name, 'upload', signal);
    if (signal.aborted) {
      void this.deps.api.discard({ fileId: staged.fileId }).catch(() => undefined);
      throw new Cancelled();
    }
    this.stagedParts.set(index, staged.fileId);
    this.updatePart(index, { state: 'staged' });
    return staged.fileId;
  }

  private async waitForRequest(signal: AbortSignal): Promise<Omit<TranscriptionRequest, 'fileId'>> {
    const now = this.host.request();
    if (now) return now;
    this.update({ phase: 'waiting' });
    const request = await new Promise<Omit<TranscriptionRequest, 'fileId'>>((resolve, reject) => {
      const stop = this.host.subscribe(() => {
        const ready = this.host.request();
        if (ready) {
          stop();
          resolve(ready);
        }
      });
      signal.addEventListener('abort', () => {
        stop();
        reject(new Cancelled());
      });
    });
    this.update({ phase: 'transcribing' });
    return request;
  }

  private async transcribeParts(signal: AbortSignal) {
    const plan = this.plan!;
    this.request ??= await this.waitForRequest(signal);
    this.update({ phase: 'transcribing', responseFormat: this.request.responseFormat });
    for (let index = 0; index < plan.parts.length; index++) {
      if (this.transcripts.has(index)) continue;
      this.update({ current: index });
      const transcript = await this.attempt(signal, 'transcribe', async () => {
        const fileId = await this.attempt(signal, 'encode', () => this.prepare(index, signal));
        // The next part is made while this one is sent and transcribed.
        if (index + 1 < plan.parts.length) void this.prepare(index + 1, signal).catch(() => undefined);
        return this.transcribePart(index, fileId, signal);
      });
      this.transcripts.set(index, transcript);
      this.updatePart(index, { state: 'done' });
    }
  }

  private async transcribePart(index: number, fileId: string, signal: AbortSignal): Promise<Transcript> {
    const user = this.request!;
    const previous = index > 0 ? this.transcripts.get(index - 1)!.text : null;
    this.updatePart(index, { state: 'uploading', sent: 0 });
    const outcome = await this.transcribeOnce(
      {
        fileId,
        model: user.model,
        language: user.language,
        prompt: partPrompt(user.prompt, previous),
        // Parts always come back with timings, whatever the user chose: merging needs them.
        responseFormat: 'verbose_json',
        granularities: ['word', 'segment'],
        keep: false,
      },
      (sent, total) => this.updatePart(index, { sent, total, state: sent < total ? 'uploading' : 'transcribing' }),
      signal,
    );
    if (outcome.type === 'done') {
      // Main removed the part's file with its transcription.
      this.stagedParts.delete(index);
      this.preparing.delete(index);
      return outcome.record.transcript;
    }
    if (outcome.type === 'stopped') throw new Cancelled();
    if (outcome.failure.code === 'not_staged') {
      // Main no longer has the part (it restarted): make it again on Retry.
      this.stagedParts.delete(index);
      this.preparing.delete(index);
    }
    this.updatePart(index, { state: 'failed' });
    throw new PartFailed(outcome.failure);
  }

  /** One transcription stream, to its last event. */
  private transcribeOnce(request: TranscriptionRequest, onProgress: (sent: number, total: number) => void, signal: AbortSignal): Promise<Terminal> {
    const { api } = this.deps;
    return new Promise<Terminal>((resolve) => {
      let id: string | null = null;
      const early: Array<{ id: string; event: TranscriptionEvent }> = [];
      const handle = (event: TranscriptionEvent) => {
        if (event.type === 'progress') return onProgress(event.sentBytes, event.totalBytes);
        unsubscribe();
        this.activeStream = null;
        resolve(event);
      };
      const unsubscribe = api.transcribe.subscribe((message) => {
        if (id === null) early.push(message);
        else if (message.id === id) handle(message.event);
      });
      api.transcribe.start(request).then(
        (started) => {
          id = started.id;
          this.activeStream = id;
          if (signal.aborted) void api.transcribe.cancel(id).catch(() => undefined);
          for (const message of early.splice(0)) if (message.id === id) handle(message.event);
        },
        (error: unknown) => {
          unsubscribe();
          resolve({ type: 'failed', failure: bridgeFailure(error) });
        },
      );
    });
  }

  private async save() {
    const plan = this.plan!;
    const original = this.originalId;
    if (!original) throw new Problem('The original recording was not copied into Confab. Retry to copy it again.');
    this.update({ phase: 'saving', current: null });
    const { keep: _keep, ...request } = this.request!;
    const record = await this.deps.api.saveMerged({
      originalFileId: original,
      request,
      duration: plan.totalSamples / plan.sampleRate,
      parts: mergeParts(
        plan.parts.map((part) => ({ startSample: part.startSample, transcript: this.transcripts.get(part.index)! })),
        plan.sampleRate,
      ),
    });
    // The original now belongs to the transcript.
    this.originalId = null;
    this.splitter?.terminate();
    this.splitter = null;
    this.update({ phase: 'done', recordId: record.id });
    this.host.finished(record, this.file);
  }

  private async discardAll() {
    const ids = [...this.stagedParts.values(), ...(this.originalId ? [this.originalId] : [])];
    this.stagedParts.clear();
    this.originalId = null;
    // A part still being staged discards itself when its copy ends (stageBlob sees the cancel).
    await Promise.all(ids.map((fileId) => this.deps.api.discard({ fileId }).catch(() => undefined)));
  }
}
