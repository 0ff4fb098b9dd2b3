import { CHUNK_SECONDS, RECORDING_SAMPLE_RATE } from '../../../shared/contract/recording';
import type { PcmBlock } from './capture';

export interface Chunk {
  seq: number;
  pcm: Uint8Array<ArrayBuffer>;
}

/**
 * Gathers blocks into chunks of CHUNK_SECONDS, numbered from `firstSeq`, dropping blocks
 * while paused. `seconds` is how much audio was kept: the position a marker is placed at.
 */
export function createChunker(tracks: number, firstSeq: number, onChunk: (chunk: Chunk) => void) {
  const chunkFrames = CHUNK_SECONDS * RECORDING_SAMPLE_RATE;
  let pending: Int16Array[] = [];
  let pendingFrames = 0;
  let seq = firstSeq;
  let keptFrames = 0;
  let paused = false;

  function flush() {
    if (pendingFrames === 0) return;
    const pcm = new Int16Array(pendingFrames * tracks);
    let offset = 0;
    for (const part of pending) {
      pcm.set(part, offset);
      offset += part.length;
    }
    pending = [];
    pendingFrames = 0;
    onChunk({ seq: seq++, pcm: new Uint8Array(pcm.buffer) });
  }

  return {
    push(block: PcmBlock) {
      if (paused) return;
      pending.push(block.pcm);
      const frames = block.pcm.length / tracks;
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
      return keptFrames / RECORDING_SAMPLE_RATE;
    },
  };
}
