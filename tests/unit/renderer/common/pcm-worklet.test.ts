import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkletMessage } from '../../../../renderer/common/capture/worklet-messages';

// The capture's worklet, run as the audio thread runs it: the module registers its processor in
// the worklet's global scope (a sample rate, a base class with a port, registerProcessor, stood
// in for here), and each render quantum of 128 frames is a call of `process`. The page's memory
// grows with the messages it gets, so PCM goes a second at a time and the meters' peaks every
// 300 ms in small messages; a flush hands over what is left, so Stop loses nothing.

const RATE = 16_000;
const QUANTUM = 128;

interface Processor {
  port: { onmessage: ((event: { data: unknown }) => void) | null };
  process(inputs: Float32Array[][]): boolean;
}

let Processor: new () => Processor;
let posted: WorkletMessage[];

beforeEach(async () => {
  posted = [];
  vi.resetModules();
  vi.stubGlobal('sampleRate', RATE);
  vi.stubGlobal(
    'AudioWorkletProcessor',
    class {
      port = { onmessage: null, postMessage: (message: WorkletMessage) => posted.push(message) };
    },
  );
  vi.stubGlobal('registerProcessor', (_name: string, processor: new () => Processor) => (Processor = processor));
  await import('../../../../renderer/common/capture/pcm-worklet');
});

afterEach(() => vi.unstubAllGlobals());

/** Renders `frames` frames (whole quanta) of two tracks: the microphone counting up, the system track at a steady -0.5. */
function render(processor: Processor, frames: number, from = 0) {
  for (let start = from; start < from + frames; start += QUANTUM) {
    const mic = Float32Array.from({ length: QUANTUM }, (_, i) => ((start + i) % 1000) / 1000);
    processor.process([[mic, new Float32Array(QUANTUM).fill(-0.5)]]);
  }
}

const pcm = () => posted.flatMap((message) => (message.kind === 'pcm' ? [new Int16Array(message.pcm)] : []));
const levels = () => posted.flatMap((message) => (message.kind === 'level' ? [message] : []));

describe('the capture worklet', () => {
  it('posts the PCM a second at a time, both tracks interleaved on one clock', () => {
    const processor = new Processor();
    render(processor, 250 * QUANTUM); // 2 s.
    const blocks = pcm();
    expect(blocks.map((block) => block.length)).toEqual([2 * RATE, 2 * RATE]);
    const frame = (block: Int16Array, at: number) => [block[2 * at], block[2 * at + 1]];
    expect(frame(blocks[0]!, 0)).toEqual([0, -0x4000]);
    expect(frame(blocks[0]!, 500)).toEqual([Math.trunc(0.5 * 0x7fff), -0x4000]);
    expect(frame(blocks[1]!, 500)).toEqual([Math.trunc(0.5 * 0x7fff), -0x4000]);
  });

  it('posts each track’s peak every 300 ms, the first after one quantum, in messages without PCM', () => {
    const processor = new Processor();
    render(processor, 150 * QUANTUM); // 1.2 s.
    const shown = levels();
    expect(shown[0]!.frames).toBe(QUANTUM);
    expect(shown[0]!.peaks[0]).toBeCloseTo(0.127, 6);
    expect(shown[0]!.peaks[1]).toBe(0.5);
    expect(shown.slice(1).map((level) => level.frames)).toEqual([4800, 4800, 4800]);
    expect(shown[2]!.peaks[0]).toBeCloseTo(0.999, 6);
    expect(posted.filter((message) => message.kind !== 'level')).toHaveLength(1);
  });

  it('hands over the partial block and its level on a flush, then says it is done', () => {
    const processor = new Processor();
    render(processor, 130 * QUANTUM); // 1.04 s.
    const before = posted.length;
    processor.port.onmessage!({ data: 'flush' });
    const flushed = posted.slice(before);
    expect(flushed.map((message) => message.kind)).toEqual(['level', 'pcm', 'flushed']);
    expect(pcm().map((block) => block.length / 2)).toEqual([RATE, 130 * QUANTUM - RATE]);
    expect(levels().reduce((sum, level) => sum + level.frames, 0)).toBe(130 * QUANTUM);
    // Nothing is posted twice: the next block starts after the flush.
    render(processor, 125 * QUANTUM, 130 * QUANTUM);
    expect(pcm().map((block) => block.length / 2)).toEqual([RATE, 130 * QUANTUM - RATE, RATE]);
  });
});
