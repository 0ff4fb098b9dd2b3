import { describe, expect, it } from 'vitest';
import { type Chunk, createChunker } from '../../../../renderer/common/capture/chunker';

// The recorder's chunker, fed as the capture feeds it: a first render quantum, then blocks of a
// second (two tracks interleaved), while the capture says how many frames it holds between them.

const SECOND = 16_000;
const block = (frames: number) => new Int16Array(frames * 2).fill(7);

describe('the chunker', () => {
  it('counts what the capture holds on its clock, so a marker lands where it was pressed, not at the last block', () => {
    let held = 0;
    const chunker = createChunker(2, 0, () => undefined, () => held);
    chunker.push(block(128));
    held = 1_472;
    expect(chunker.seconds).toBe(0.1);
    held = SECOND - 128;
    expect(chunker.seconds).toBe(1);
    chunker.push(block(SECOND));
    held = 0;
    expect(chunker.seconds).toBe(1 + 128 / SECOND);
    held = 1_600;
    chunker.setPaused(true);
    // While paused what the capture holds is dropped when it comes: the clock stands.
    expect(chunker.seconds).toBe(1 + 128 / SECOND);
  });

  it('sends a chunk of one block as that block, and gathers a short first block with the next', () => {
    const chunks: Chunk[] = [];
    const chunker = createChunker(2, 5, (chunk) => chunks.push(chunk));
    chunker.push(block(128));
    chunker.push(block(SECOND));
    const third = block(SECOND);
    chunker.push(third);
    expect(chunks.map((chunk) => [chunk.seq, chunk.pcm.byteLength])).toEqual([
      [5, (128 + SECOND) * 4],
      [6, SECOND * 4],
    ]);
    expect(chunks[1]!.pcm.buffer).toBe(third.buffer);
  });
});
