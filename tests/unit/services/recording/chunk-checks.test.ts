import { describe, expect, it } from 'vitest';
import { type ChunkContext, SLACK_SECONDS, checkChunk, deinterleave } from '../../../../electron/core/services/recording/chunk-checks';
import { framesOf } from '../../../support/recording';

const running: ChunkContext = { paused: false, nextSeq: 3, channels: 2, frames: 3 * 16_000, recordedMs: 3_000 };
const oneSecond = 16_000 * 2 * 2;

describe('a chunk from the page', () => {
  it('is written when it is the next one, whole frames, at most 2 s, and no faster than real time', () => {
    expect(checkChunk(running, 3, oneSecond)).toEqual({ kind: 'write', frames: 16_000 });
  });

  it('repeating the last one is answered without writing (a retry); a gap or an old one is refused', () => {
    expect(checkChunk(running, 2, oneSecond)).toEqual({ kind: 'repeat' });
    expect(checkChunk(running, 5, oneSecond)).toEqual({ kind: 'refuse', problem: { code: 'recording.out_of_order', values: { expected: 3, got: 5 } } });
    expect(checkChunk(running, 0, oneSecond)).toMatchObject({ kind: 'refuse', problem: { code: 'recording.out_of_order' } });
  });

  it('is refused while paused', () => {
    expect(checkChunk({ ...running, paused: true }, 3, oneSecond)).toMatchObject({ kind: 'refuse', problem: { code: 'recording.paused' } });
  });

  it('is refused when empty, not whole frames, or longer than 2 s', () => {
    for (const bytes of [0, oneSecond + 2, 3 * oneSecond]) {
      expect(checkChunk(running, 3, bytes)).toEqual({ kind: 'refuse', problem: { code: 'recording.bad_chunk', values: { bytes, maxSeconds: 2 } } });
    }
    expect(checkChunk({ ...running, channels: 1 }, 3, 2 * 16_000 * 2)).toMatchObject({ kind: 'write', frames: 32_000 });
  });

  it('is refused when the audio kept would run ahead of the wall clock by more than the slack', () => {
    const atLimit = { ...running, frames: (3 + SLACK_SECONDS - 1) * 16_000 };
    expect(checkChunk(atLimit, 3, oneSecond)).toMatchObject({ kind: 'write' });
    expect(checkChunk({ ...atLimit, frames: atLimit.frames + 1 }, 3, oneSecond)).toEqual({ kind: 'refuse', problem: { code: 'recording.too_fast', values: {} } });
  });
});

describe('de-interleaving', () => {
  it('gives each track its own samples and says which carry sound', () => {
    const [mic, system] = deinterleave(framesOf(0.5, [0, -1234]), 2);
    expect(mic!.samples.length).toBe(16_000);
    expect(system!.samples.readInt16LE(7_998)).toBe(-1234);
    expect([mic!.audible, system!.audible]).toEqual([false, true]);
  });
});
