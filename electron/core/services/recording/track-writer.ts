import type { TrackFs } from './track-fs';
import { BYTES_PER_SAMPLE, WAV_HEADER_BYTES, sizeFields, wavHeader } from './wav-header';

/**
 * One track's WAV, always whole on disk: samples are appended after the data already there,
 * both size fields are rewritten, and the file is flushed before `append` resolves, so a
 * kill -9 or a power loss loses at most the chunk in flight.
 */
export async function createTrackWriter(fs: TrackFs, path: string) {
  const file = await fs.open(path, true);
  let dataBytes = 0;
  let closed = false;
  try {
    await file.write(wavHeader(0), 0);
    await file.sync();
  } catch (error) {
    await file.close().catch(() => {});
    throw error;
  }

  async function writeSizes(bytes: number) {
    for (const field of sizeFields(bytes)) await file.write(field.bytes, field.at);
  }

  return {
    /** Appends whole 16-bit samples, updates the header and flushes. */
    async append(samples: Uint8Array): Promise<void> {
      if (closed) throw new Error('The track file is closed.');
      await file.write(samples, WAV_HEADER_BYTES + dataBytes);
      await writeSizes(dataBytes + samples.byteLength);
      await file.sync();
      dataBytes += samples.byteLength;
    },
    /** Samples kept so far. */
    get samples(): number {
      return dataBytes / BYTES_PER_SAMPLE;
    },
    /**
     * After a failed write: cuts the file back to `samples` (what every track holds whole, so the
     * tracks stay on one clock even when one of them took the chunk) and puts the header back to
     * match, so the file stays playable. Best effort: the disk that failed may fail again, and
     * the next start's recovery repairs what is left.
     */
    async settle(samples: number): Promise<void> {
      dataBytes = Math.min(dataBytes, samples * BYTES_PER_SAMPLE);
      await file.truncate(WAV_HEADER_BYTES + dataBytes).catch(() => {});
      await writeSizes(dataBytes).catch(() => {});
      await file.sync().catch(() => {});
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await file.close();
    },
  };
}

export type TrackWriter = Awaited<ReturnType<typeof createTrackWriter>>;
