import { CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';

export interface Chunk {
  seq: number;
  pcm: Uint8Array<ArrayBuffer>;
}

/**
 * Gathers blocks into chunks of CHUNK_SECONDS, numbered from `firstSeq`, dropping blocks
 * while paused. `seconds` is how much audio was kept, with the frames the capture holds (`held`:
 * its blocks are a second long), so a marker lands where it was pressed, not at the last block.
 */
export function createChunker(tracks: number, firstSeq: number, onChunk: (chunk: Chunk) => void, held: () => number = () => 0) {
  const chunkFrames = CHUNK_SECONDS * RECORDING_SAMPLE_RATE;
  let pending: Int16Array<ArrayBuffer>[] = [];
  let pendingFrames = 0;
  let seq = firstSeq;
  let keptFrames = 0;
  let paused = false;

  function flush() {
    if (pendingFrames === 0) return;
    // A chunk of one block is that block (the worklet's are a chunk long): no second of audio
    // copied into a buffer made for it each second.
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
    push(pcm: Int16Array<ArrayBuffer>) {
      if (paused) return;
      const frames = pcm.length / tracks;
      pending.push(pcm);
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
