import { CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';

export interface Chunk {
  seq: number;
  pcm: Uint8Array<ArrayBuffer>;
}

interface Block {
  pcm: Int16Array<ArrayBuffer>;
  release(): void;
}

/**
 * Gathers blocks into chunks of CHUNK_SECONDS, numbered from `firstSeq`, dropping blocks
 * while paused. `seconds` is how much audio was kept, with the frames the capture holds (`held`:
 * its blocks are a second long), so a marker lands where it was pressed, not at the last block.
 * A chunk of one block (the worklet's are a chunk long) is that block, its buffer released once
 * `onChunk`'s promise (its send) has settled: no copy, and the buffer goes round again.
 */
export function createChunker(tracks: number, firstSeq: number, onChunk: (chunk: Chunk) => Promise<unknown>, held: () => number = () => 0) {
  const chunkFrames = CHUNK_SECONDS * RECORDING_SAMPLE_RATE;
  let pending: Block[] = [];
  let pendingFrames = 0;
  let seq = firstSeq;
  let keptFrames = 0;
  let paused = false;

  function flush() {
    if (pendingFrames === 0) return;
    const parts = pending;
    let pcm = parts[0]!.pcm;
    if (parts.length > 1) {
      pcm = new Int16Array(pendingFrames * tracks);
      let offset = 0;
      for (const part of parts) {
        pcm.set(part.pcm, offset);
        offset += part.pcm.length;
        part.release();
      }
    }
    pending = [];
    pendingFrames = 0;
    const sent = onChunk({ seq: seq++, pcm: new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) });
    if (parts.length === 1) void sent.then(parts[0]!.release, parts[0]!.release);
  }

  return {
    push(pcm: Int16Array<ArrayBuffer>, release: () => void = () => undefined) {
      if (paused) return release();
      const frames = pcm.length / tracks;
      pending.push({ pcm, release });
      pendingFrames += frames;
      keptFrames += frames;
      if (pendingFrames >= chunkFrames) flush();
    },
    /** Pausing sends what was gathered, so a crash while paused loses nothing. */
    setPaused(value: boolean) {
      if (value) flush();
      paused = value;
    },
    flush,
    get seconds() {
      return (keptFrames + (paused ? 0 : held())) / RECORDING_SAMPLE_RATE;
    },
  };
}
