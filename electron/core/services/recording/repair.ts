import { RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';
import type { TrackFs } from './track-fs';
import { BYTES_PER_SAMPLE, WAV_HEADER_BYTES, wavHeader } from './wav-header';

/**
 * Makes a crashed recording's track files whole again with no outside program: each file's
 * header is rewritten from its real length, a torn final sample is cut, and every track is cut
 * to the shortest so they stay on one clock. Answers the seconds kept.
 */
export async function repairTracks(fs: TrackFs, paths: readonly string[]): Promise<number> {
  const files = await Promise.all(paths.map((path) => fs.open(path, false)));
  try {
    const sizes = await Promise.all(files.map((file) => file.size()));
    const samples = Math.min(...sizes.map((size) => Math.floor(Math.max(0, size - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE)));
    const dataBytes = samples * BYTES_PER_SAMPLE;
    for (const file of files) {
      await file.truncate(WAV_HEADER_BYTES + dataBytes);
      await file.write(wavHeader(dataBytes), 0);
      await file.sync();
    }
    return samples / RECORDING_SAMPLE_RATE;
  } finally {
    await Promise.all(files.map((file) => file.close()));
  }
}
