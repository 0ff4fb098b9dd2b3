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

type Piece = { speech: number } | { quiet: number };

/** The microphone's sample at `frame` of `pieces` laid end to end: a tone while speaking, digital silence while quiet (and after). */
function micAt(pieces: Piece[], frame: number) {
  let start = 0;
  for (const piece of pieces) {
    const end = start + Math.round(('speech' in piece ? piece.speech : piece.quiet) * RATE);
    if (frame < end) return 'speech' in piece ? 0.3 * Math.sin((2 * Math.PI * 220 * frame) / RATE) : 0;
    start = end;
  }
  return 0;
}

/** Renders `pieces` on the microphone (the system track silent) in whole quanta from frame `from`; answers the frame it ends at. */
function speak(processor: Processor, pieces: Piece[], from = 0) {
  const frames = pieces.reduce((sum, piece) => sum + Math.round(('speech' in piece ? piece.speech : piece.quiet) * RATE), 0);
  let at = from;
  for (; at < from + frames; at += QUANTUM) {
    processor.process([[Float32Array.from({ length: QUANTUM }, (_, i) => micAt(pieces, at + i - from)), new Float32Array(QUANTUM)]]);
  }
  return at;
}

/** Main's hint as live captions give it: 50 ms windows, quiet under -40 dBFS, the pause's 0.5 s and a window. */
const hint = { windowSeconds: 0.05, quietBelow: [1e-4, 1e-4], quietSeconds: 0.55 };

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

  it('with main’s pause hint, hands the partial block over once as a pause after speech is in, nothing lost or repeated', () => {
    const processor = new Processor();
    processor.port.onmessage!({ data: { kind: 'pauseHint', hint } });
    // 0.3 s quiet, 0.5 s of speech, then quiet: the speech's last window ends at 0.8 s, eleven quiet windows at 1.35 s.
    const pieces: Piece[] = [{ quiet: 0.3 }, { speech: 0.5 }, { quiet: 1.2 }, { speech: 0.2 }, { quiet: 0.3 }, { speech: 0.4 }, { quiet: 1 }];
    const end = speak(processor, pieces);
    const blocks = posted.flatMap((message) => (message.kind === 'pcm' ? [message] : []));
    const ends = blocks.map((_, index) => blocks.slice(0, index + 1).reduce((sum, block) => sum + block.pcm.byteLength / 4, 0));
    // Seconds' blocks, and a pause's frames as soon as eleven quiet windows follow speech: at 1.35 s (speech
    // ended at 0.8 s) and 3.45 s (ended at 2.9 s). The pause of 0.3 s at 2.2 s (shorter than the hint's) hands nothing over.
    expect(blocks.map((block) => block.early === true)).toEqual([false, true, false, false, true]);
    expect(ends).toEqual([1, 1.35, 2.35, 3.35, 3.45].map((seconds) => Math.round(seconds * RATE)));
    // Every frame rendered comes once, in order, both tracks on one clock.
    const all = new Int16Array(blocks.flatMap((block) => [...new Int16Array(block.pcm)]));
    const expected = Array.from({ length: ends.at(-1)! }, (_, frame) => {
      const sample = Math.fround(micAt(pieces, frame));
      return [Math.trunc(sample < 0 ? sample * 0x8000 : sample * 0x7fff) || 0, 0];
    }).flat();
    expect([...all]).toEqual(expected);
    // Main's hint withdrawn (captions off): blocks go by the second again.
    processor.port.onmessage!({ data: { kind: 'pauseHint', hint: null } });
    const before = posted.length;
    speak(processor, [{ speech: 0.5 }, { quiet: 1 }], end);
    expect(posted.slice(before).filter((message) => message.kind === 'pcm' && message.early)).toEqual([]);
  });
});
