import { CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';

export interface Chunk {
  seq: number;
  pcm: Uint8Array<ArrayBuffer>;
}

/**
 * Gathers the capture's PCM into chunks of CHUNK_SECONDS, numbered from `firstSeq`, dropping it
 * while paused. `seconds` is how much audio was kept, as the levels count it (every 300 ms,
 * ahead of the second's PCM): the position a marker is placed at and the clock shows.
 */
export function createChunker(tracks: number, firstSeq: number, onChunk: (chunk: Chunk) => void) {
  const chunkFrames = CHUNK_SECONDS * RECORDING_SAMPLE_RATE;
  let pending: Int16Array<ArrayBuffer>[] = [];
  let pendingFrames = 0;
  let seq = firstSeq;
  let keptFrames = 0;
  let paused = false;

  function flush() {
    if (pendingFrames === 0) return;
    // A second's block is a chunk as it is: copied only when parts must be joined (a flush's remainder).
    let pcm = pending[0]!;
    if (pending.length > 1) {
      pcm = new Int16Array(pendingFrames * tracks);
      let offset = 0;
      for (const part of pending) {
        pcm.set(part, offset);
        offset += part.length;
      }
    }
    pending = [];
    pendingFrames = 0;
    onChunk({ seq: seq++, pcm: new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) });
  }

  return {
    /** `early`: the capture handed it over at a pause main wants at once (its hint), so it goes now. */
    push(pcm: Int16Array<ArrayBuffer>, early = false) {
      if (paused || pcm.length === 0) return;
      pending.push(pcm);
      pendingFrames += pcm.length / tracks;
      if (early || pendingFrames >= chunkFrames) flush();
    },
    /** The frames a level covered: the clock moves with the meters, not a second at a time. */
    heard(frames: number) {
      if (!paused) keptFrames += frames;
    },
    /** Pausing sends what was gathered, so a crash while paused loses nothing. */
    setPaused(value: boolean) {
      if (value) flush();
      paused = value;
    },
    flush,
    get seconds() {
      return keptFrames / RECORDING_SAMPLE_RATE;
    },
  };
}
