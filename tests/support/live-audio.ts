import { RECORDING_SAMPLE_RATE } from '../../shared/contract/recording';

/**
 * `seconds` of speech (a loud, wavering tone) with quiet pauses where given (room noise, not
 * digital silence), as one track of 16-bit samples: what the live cutter is given to cut.
 */
export function speech(seconds: number, pauses: ReadonlyArray<readonly [number, number]>, level = 8000): Buffer {
  const count = Math.round(seconds * RECORDING_SAMPLE_RATE);
  const samples = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    const at = i / RECORDING_SAMPLE_RATE;
    const quiet = pauses.some(([from, to]) => at >= from && at < to);
    const value = quiet ? (i % 7) * 6 - 18 : Math.round(level * Math.sin(i / 5) * (0.6 + 0.4 * Math.sin(i / 3000)));
    samples.writeInt16LE(value, i * 2);
  }
  return samples;
}
