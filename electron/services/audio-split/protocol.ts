/** What main sends a splitter process (one request) and what it answers. */
import type { SplitOptions } from './cut-points';
import type { EncodedPart, SplitPlan, SplitProgress } from './types';

/** Mono Opus: speech stays clear, and an hour is ~16 MB, so the 20-minute cap decides the parts. */
export const PART_BITRATE = 32_000;
export const PART_MIME_TYPE = 'audio/webm';

export type SplitRequest =
  | { type: 'plan'; path: string; options: SplitOptions }
  | { type: 'encode'; path: string; plan: SplitPlan; index: number; outPath: string }
  /** A plan's helper: the levels from `fromSample` to the end (plan-pass.ts). */
  | { type: 'measure'; path: string; fromSample: number };

export type SplitAnswer =
  | { type: 'progress'; progress: SplitProgress }
  /** The answering process's peak resident memory so far, KiB (getrusage: every thread of it), sent before the final answer. */
  | { type: 'usage'; peakRssKib: number }
  | { type: 'planned'; plan: SplitPlan }
  | { type: 'encoded'; part: EncodedPart }
  /** `samples`: where the recording ends, its encoder padding already left out. */
  | { type: 'measured'; levels: Float32Array; samples: number }
  /** `rejected`: the file itself cannot be split (not audio, no audio track, a codec not decodable), so a retry will not help. */
  | { type: 'failed'; message: string; rejected: boolean };

/** A file that is not splittable audio; its message says what is wrong and what to do. */
export class UnsplittableAudioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsplittableAudioError';
  }
}
