/** What main sends a splitter process (one request) and what it answers. */
import { Problem, type ProblemData, type ProblemValues } from '../../../../shared/domain/problem';
import type { EncodedPart, SplitPlan, SplitProgress } from './types';

/** Mono Opus: speech stays clear, and an hour is ~16 MB, so the 20-minute cap decides the parts. */
export const PART_BITRATE = 32_000;
/**
 * A running recording's live parts and caption clips: 16 kHz speech, where Opus at 24 kb/s is
 * as clear (wideband speech is its sweet spot): about a tenth of the WAV's 256 kb/s with the
 * container, where 32 kb/s came to 1/7.3. The encoder treats it as a target, not a cap (it
 * has no constant mode: bitrateMode is ignored), so a steady tone takes more (41 kb/s).
 */
export const LIVE_BITRATE = 24_000;
export const PART_MIME_TYPE = 'audio/webm';

export type SplitRequest =
  /**
   * Pass 1's start: the recording opened, then measured from `fromSample` (0, or where a plan
   * resumed goes on) to the first of the stretches it announces: the first `firstStretchSeconds`
   * long, so the first cut is known within seconds, the others at most `stretchMaxSeconds` (plan-recording.ts).
   */
  | { type: 'plan'; path: string; fromSample: number; firstStretchSeconds: number; stretchMaxSeconds: number }
  /** Pass 1's further stretches: the levels from `fromSample` to `toSample` (null: the end). */
  | { type: 'measure'; path: string; fromSample: number; toSample: number | null }
  | { type: 'encode'; path: string; plan: SplitPlan; index: number; outPath: string; bitrate?: number }
  /** The transcript editor's waveform: the whole recording's lowest and highest sample per window (peaks-pass.ts). */
  | { type: 'peaks'; path: string }
  /** A zoomed-in view's stretch, `fromMs` to `toMs`, in `pairs` equal slices (window-pass.ts). */
  | { type: 'window'; path: string; fromMs: number; toMs: number; pairs: number };

/** What the splitter needs to know of a recording besides its levels (source.ts). */
export interface RecordingShape {
  sampleRate: number;
  primingSamples: number;
  trailingSamples: number;
}

export type SplitAnswer =
  | { type: 'progress'; progress: SplitProgress }
  /**
   * A plan's recording opened: its length from the metadata, if any, and where the stretches
   * after the first start when it is long enough to be measured by several processes ([]: measured whole).
   */
  | { type: 'opened'; totalSeconds: number | null; stretches: number[] }
  /** The answering process's peak resident memory so far, KiB (getrusage: every thread of it), sent before the final answer. */
  | { type: 'usage'; peakRssKib: number }
  /** `samples`: where the measuring stopped, at the recording's end its encoder padding already left out. */
  | { type: 'measured'; levels: Float32Array; samples: number; shape: RecordingShape }
  | { type: 'encoded'; part: EncodedPart }
  /** `peaks`: a [low, high] pair of signed bytes (full scale 127) per `windowMs`. */
  | { type: 'peaks'; peaks: Int8Array; windowMs: number }
  /** `peaks`: a [low, high] pair of signed bytes per slice of the stretch asked. */
  | { type: 'window'; peaks: Int8Array }
  /** `rejected`: the file itself cannot be split (not audio, no audio track, a codec not decodable), so a retry will not help. */
  | { type: 'failed'; problem: ProblemData; rejected: boolean };

export type MeasuredAnswer = Extract<SplitAnswer, { type: 'measured' }>;
export type PeaksAnswer = Extract<SplitAnswer, { type: 'peaks' }>;
export type WindowAnswer = Extract<SplitAnswer, { type: 'window' }>;

/** A file that is not splittable audio; its code and values say what is wrong, and the page what to do. */
export class UnsplittableAudioError extends Problem {
  constructor(code: string, values: ProblemValues = {}) {
    super(code, values);
    this.name = 'UnsplittableAudioError';
  }
}
