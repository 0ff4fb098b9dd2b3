/**
 * The splitter for long recordings, run by main: each request (a plan, or one part) runs in
 * a process of its own (worker.ts, started by run-request.ts), so decoding never blocks main,
 * an abort ends its process at once, and the memory a part needed goes back to the system
 * when its process exits, whatever the recording's length.
 */
import { rm } from 'node:fs/promises';
import { Problem } from '../../../../shared/domain/problem';
import { DEFAULT_SPLIT, type SplitOptions } from './cut-points';
import { type PeaksAnswer, type SplitAnswer, type SplitRequest, UnsplittableAudioError } from './protocol';
import type { AudioSplitter, EncodedPart } from './types';
import { planRecording } from './plan-recording';
import { type ProcessSlots, processSlots } from './process-slots';
import { type SplitUpdate, createRequestRunner } from './run-request';
import { type StartSplitProcess, nodeSplitProcess } from './split-process';

export type { AudioSplitter, EncodedPart, SplitCut, SplitPlan, SplitProgress } from './types';
export { UnsplittableAudioError };
export type { SplitOptions, StartSplitProcess };
export { splitScript } from './split-process';
export { LIVE_BITRATE } from './protocol';
export { type ClipEncoder, type EncodeWav, createClipEncoder, opusOrWav, wholePlan } from './clip-encoder';
// A running recording's live parts and captions are cut with the same measure of levels and pauses.
export { LEVEL_WINDOW_SECONDS, decibels } from './levels';
export { DEFAULT_SPLIT, type LevelTrack, chooseCut, pauseThreshold } from './cut-points';

export interface SplitterOptions {
  /** Where parts may be cut (20-minute parts by default; tests use shorter ones). */
  cuts?: Partial<SplitOptions>;
  /** Starts a request's process: Electron's utility process; a Node child process by default. */
  start?: StartSplitProcess;
  /** Each request's peak resident memory (KiB) and what it was, for the bench. */
  onPeakRss?: (kib: number, request: SplitRequest['type']) => void;
}

/** One process per core of a two-core machine, shared by reading a recording and making its parts. */
const PROCESSES_AT_ONCE = 2;

export function createAudioSplitter(options: SplitterOptions = {}): AudioSplitter {
  const split: SplitOptions = { ...DEFAULT_SPLIT, ...options.cuts };
  const processes = createRequestRunner(options.start ?? nodeSplitProcess, options.onPeakRss);
  const slots = processSlots(PROCESSES_AT_ONCE);

  async function request(message: SplitRequest, signal: AbortSignal, onUpdate?: (update: SplitUpdate) => void): Promise<SplitAnswer> {
    // A part is made before the recording is read further: the lowest part first, the reading after.
    const rank = message.type === 'encode' ? message.index : Infinity;
    const answer = await slots.use(rank, signal, () => processes.run(message, signal, onUpdate));
    if (answer.type === 'failed') throw answer.rejected ? new UnsplittableAudioError(answer.problem.code, answer.problem.values) : new Problem(answer.problem.code, answer.problem.values);
    return answer;
  }

  return {
    plan: ({ path, signal, known, onPlan, onProgress }) => planRecording(request, path, split, signal, { known, onPlan, report: onProgress }),
    async encodePart({ path, plan, index, outPath, signal, onProgress, bitrate }): Promise<EncodedPart> {
      try {
        const answer = await request({ type: 'encode', path, plan, index, outPath, bitrate }, signal, (update) => update.type === 'progress' && onProgress?.(update.progress));
        if (answer.type !== 'encoded') throw new Problem('split.failed', { detail: `no part came (${answer.type})` });
        return answer.part;
      } catch (error) {
        // A part cut short is no part: nothing half-written is left for the caller to send.
        await rm(outPath, { force: true });
        throw error;
      }
    },
    close: () => processes.close(),
  };
}

/** Reads a recording's waveform peaks (peaks-pass.ts), and a zoomed-in view's stretch of it (window-pass.ts), off main's thread. */
export interface PeakReader {
  peaks(path: string, signal: AbortSignal): Promise<Omit<PeaksAnswer, 'type'>>;
  window(path: string, stretch: { fromMs: number; toMs: number; pairs: number }, signal: AbortSignal): Promise<Int8Array>;
  close(): Promise<void>;
}

/**
 * The editor's waveform is read in a splitter process too, one recording at a time: a recording
 * is read once (its peaks are kept), so a third process beside a job's two is brief. A view's
 * stretch (seconds of audio) has a slot of its own, so zooming in never waits behind another
 * recording's whole reading.
 */
export function createPeakReader(options: Pick<SplitterOptions, 'start' | 'onPeakRss'> = {}): PeakReader {
  const processes = createRequestRunner(options.start ?? nodeSplitProcess, options.onPeakRss);
  const slots = processSlots(1);
  const stretches = processSlots(1);
  const ask = async <T extends SplitAnswer['type']>(use: ProcessSlots, request: SplitRequest, type: T, signal: AbortSignal) => {
    const answer = await use.use(0, signal, () => processes.run(request, signal));
    if (answer.type === 'failed') throw new Problem(answer.problem.code, answer.problem.values);
    if (answer.type !== type) throw new Problem('split.failed', { detail: `no ${type} came (${answer.type})` });
    return answer as Extract<SplitAnswer, { type: T }>;
  };
  return {
    async peaks(path, signal) {
      const answer = await ask(slots, { type: 'peaks', path }, 'peaks', signal);
      return { peaks: answer.peaks, windowMs: answer.windowMs };
    },
    window: async (path, stretch, signal) => (await ask(stretches, { type: 'window', path, ...stretch }, 'window', signal)).peaks,
    close: () => processes.close(),
  };
}
