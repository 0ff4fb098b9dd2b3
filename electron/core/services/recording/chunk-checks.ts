import { MAX_CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';
import type { ProblemData } from '../../../../shared/domain/problem';
import { BYTES_PER_SAMPLE } from './wav-header';

/**
 * How far the audio kept may run ahead of the wall clock: the page's capture starts a moment
 * before main's clock and sends in bursts after a stall. More is a page filling the disk.
 */
export const SLACK_SECONDS = 5;

export interface ChunkContext {
  paused: boolean;
  nextSeq: number;
  channels: number;
  /** Frames (samples per track) kept so far. */
  frames: number;
  /** Wall-clock milliseconds spent recording (not paused) since the start. */
  recordedMs: number;
}

export type ChunkVerdict = { kind: 'write'; frames: number } | { kind: 'repeat' } | { kind: 'refuse'; problem: ProblemData };

/** Main's checks on a chunk from the page, which may be hostile: order, shape, size and pace. */
export function checkChunk(context: ChunkContext, seq: number, bytes: number): ChunkVerdict {
  if (context.paused) return { kind: 'refuse', problem: { code: 'recording.paused', values: {} } };
  // A retry of the chunk last written (its answer was lost): already on disk, so nothing to do.
  if (seq === context.nextSeq - 1) return { kind: 'repeat' };
  if (seq !== context.nextSeq) return { kind: 'refuse', problem: { code: 'recording.out_of_order', values: { expected: context.nextSeq, got: seq } } };
  const frameBytes = context.channels * BYTES_PER_SAMPLE;
  const frames = bytes / frameBytes;
  if (bytes === 0 || !Number.isInteger(frames) || frames > MAX_CHUNK_SECONDS * RECORDING_SAMPLE_RATE) {
    return { kind: 'refuse', problem: { code: 'recording.bad_chunk', values: { bytes, maxSeconds: MAX_CHUNK_SECONDS } } };
  }
  const allowed = (context.recordedMs / 1000 + SLACK_SECONDS) * RECORDING_SAMPLE_RATE;
  if (context.frames + frames > allowed) return { kind: 'refuse', problem: { code: 'recording.too_fast', values: {} } };
  return { kind: 'write', frames };
}

/** Splits interleaved 16-bit frames into one buffer per track, and says which tracks carry any sound. */
export function deinterleave(pcm: Uint8Array, channels: number): Array<{ samples: Buffer; audible: boolean }> {
  const source = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const frames = pcm.byteLength / (channels * BYTES_PER_SAMPLE);
  return Array.from({ length: channels }, (_, channel) => {
    const samples = Buffer.alloc(frames * BYTES_PER_SAMPLE);
    let audible = false;
    for (let frame = 0; frame < frames; frame++) {
      const value = source.readInt16LE((frame * channels + channel) * BYTES_PER_SAMPLE);
      if (value !== 0) audible = true;
      samples.writeInt16LE(value, frame * BYTES_PER_SAMPLE);
    }
    return { samples, audible };
  });
}
