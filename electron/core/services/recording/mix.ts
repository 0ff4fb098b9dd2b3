import { open } from 'node:fs/promises';
import { BYTES_PER_SAMPLE, WAV_HEADER_BYTES, wavHeader } from './wav-header';

/** Mixed a second at a time (a read per track, a write), so an hour never sits in memory. */
const BLOCK_SAMPLES = 16_000;

/**
 * Mixes the tracks into one mono WAV for transcription: each sample is the average of the
 * tracks', which can never clip. The tracks are of one length (one clock); a longer one is
 * cut to the shortest. `range` (frames) mixes only that stretch, as a part made while recording.
 */
export async function mixTracks(paths: readonly string[], target: string, range?: { start: number; end: number }): Promise<void> {
  const sources = await Promise.all(paths.map((path) => open(path, 'r')));
  const out = await open(target, 'w');
  try {
    const sizes = await Promise.all(sources.map(async (file) => (await file.stat()).size));
    const held = Math.min(...sizes.map((size) => Math.floor(Math.max(0, size - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE)));
    const first = Math.min(range?.start ?? 0, held);
    const samples = Math.min(range?.end ?? held, held) - first;
    await out.write(wavHeader(samples * BYTES_PER_SAMPLE), 0, WAV_HEADER_BYTES, 0);
    const reads = sources.map(() => Buffer.alloc(BLOCK_SAMPLES * BYTES_PER_SAMPLE));
    const mixed = Buffer.alloc(BLOCK_SAMPLES * BYTES_PER_SAMPLE);
    for (let done = 0; done < samples; done += BLOCK_SAMPLES) {
      const count = Math.min(BLOCK_SAMPLES, samples - done);
      const position = WAV_HEADER_BYTES + done * BYTES_PER_SAMPLE;
      await Promise.all(sources.map((file, index) => file.read(reads[index]!, 0, count * BYTES_PER_SAMPLE, position + first * BYTES_PER_SAMPLE)));
      for (let i = 0; i < count; i++) {
        let sum = 0;
        for (const read of reads) sum += read.readInt16LE(i * BYTES_PER_SAMPLE);
        mixed.writeInt16LE(Math.round(sum / reads.length), i * BYTES_PER_SAMPLE);
      }
      await out.write(mixed, 0, count * BYTES_PER_SAMPLE, position);
    }
  } finally {
    await Promise.all([...sources, out].map((file) => file.close()));
  }
}
