// Synthetic 16 kHz tracks for the live captions' tests: loud "speech" (a tone with a syllable
// rhythm) and quiet, laid end to end by the second.
import { RECORDING_SAMPLE_RATE } from '../../shared/contract/recording';

export type Piece = { speech: number } | { quiet: number; level?: number };

/** The samples of `pieces` in order: speech at about -14 dBFS, quiet as digital silence or faint noise at `level` (0..1). */
export function track(...pieces: Piece[]): Int16Array {
  const parts = pieces.map((piece) => {
    const seconds = 'speech' in piece ? piece.speech : piece.quiet;
    const samples = new Int16Array(Math.round(seconds * RECORDING_SAMPLE_RATE));
    for (let i = 0; i < samples.length; i++) {
      const t = i / RECORDING_SAMPLE_RATE;
      if ('speech' in piece) samples[i] = Math.round(8000 * Math.sin(2 * Math.PI * 220 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t)));
      else if (piece.level) samples[i] = Math.round(32767 * piece.level * (Math.random() * 2 - 1));
    }
    return samples;
  });
  const all = new Int16Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** `samples` as the recording hears them: one-second blocks, each with the frame it starts at. */
export function* seconds(samples: Int16Array): Generator<{ block: Int16Array; at: number }> {
  for (let at = 0; at < samples.length; at += RECORDING_SAMPLE_RATE) yield { block: samples.subarray(at, at + RECORDING_SAMPLE_RATE), at };
}

/** As 16-bit little-endian bytes, as the recording's feed hands them over. */
export const bytes = (samples: Int16Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
