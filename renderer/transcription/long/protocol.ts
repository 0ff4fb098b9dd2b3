/** Messages between the long-recording job (main thread) and its splitter worker. */
import type { SplitOptions, SplitPlan } from './cut-points';

/** Mono Opus: speech stays clear, and an hour is ~16 MB, so the 20-minute cap decides the parts. */
export const PART_BITRATE = 32_000;
export const PART_MIME_TYPE = 'audio/webm';
export const PART_EXTENSION = 'webm';

export type ToSplitter =
  | { type: 'analyze'; id: number; file: File; options: SplitOptions }
  | { type: 'encode'; id: number; file: File; index: number; startSample: number; endSample: number };

export interface AnalysisStats {
  /** Samples the MP3 decoder adds before the recording (dropped, as players drop them). */
  primingSamples: number;
  /** Bytes of the levels kept for the whole recording (the only per-recording memory). */
  levelsBytes: number;
  decodeMs: number;
  codec: string | null;
  channels: number;
}

export type FromSplitter =
  | { type: 'analysis-progress'; id: number; decodedSeconds: number; totalSeconds: number | null }
  | { type: 'analyzed'; id: number; plan: SplitPlan; stats: AnalysisStats }
  | { type: 'encode-progress'; id: number; index: number; encodedSeconds: number; partSeconds: number }
  | { type: 'encoded'; id: number; index: number; bytes: ArrayBuffer; encodeMs: number }
  /** `rejected`: the file itself cannot be split (not audio, no audio track, a codec this system lacks). */
  | { type: 'failed'; id: number; message: string; rejected: boolean };
