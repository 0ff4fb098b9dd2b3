import { beforeAll, describe, expect, it } from 'vitest';

// The capture's worklet, run as the audio thread runs it: the scope's globals stood in for, then
// render quanta of 128 frames handed to its process(). What it posts is what the page gets.

const RATE = 16_000;
const QUANTUM = 128;

type Posted = { pcm: ArrayBuffer; end: number; flushed: boolean };
type Processor = { port: { onmessage: ((event: unknown) => void) | null }; process(inputs: Float32Array[][]): boolean };

let Worklet: new () => Processor;
const posts = new WeakMap<object, Posted[]>();
const scope = globalThis as Record<string, unknown>;

beforeAll(async () => {
  scope.sampleRate = RATE;
  scope.currentFrame = 0;
  scope.AudioWorkletProcessor = class {
    readonly port = {
      onmessage: null,
      postMessage: (message: Posted) => posts.get(this)!.push(structuredClone(message)),
    };
    constructor() {
      posts.set(this, []);
    }
  };
  scope.registerProcessor = (_name: string, processor: new () => Processor) => (Worklet = processor);
  await import('../../../../renderer/common/capture/pcm-worklet');
});

/** Render quanta of two tracks, the first at 0.5, the second silent, on the context's clock from frame `from`. */
function feed(worklet: Processor, quanta: number, from = 0) {
  for (let q = 0; q < quanta; q++) {
    scope.currentFrame = from + q * QUANTUM;
    worklet.process([[new Float32Array(QUANTUM).fill(0.5), new Float32Array(QUANTUM)]]);
  }
}

const blocks = (worklet: Processor) => posts.get(worklet)!.map(({ pcm, end, flushed }) => ({ frames: new Int16Array(pcm).length / 2, end, flushed }));

describe('the capture worklet', () => {
  it('posts its first render quantum at once, then audio a second at a time: one message a second', () => {
    const worklet = new Worklet();
    feed(worklet, 250, 4_096); // 32,000 frames: 2 s, from a context that ran before (dictation's prepared one)
    // Few messages: each costs the renderer memory Chromium keeps. `end` is the context's frame after the block.
    expect(blocks(worklet)).toEqual([
      { frames: QUANTUM, end: 4_096 + QUANTUM, flushed: false },
      { frames: RATE, end: 4_096 + QUANTUM + RATE, flushed: false },
    ]);
    expect(new Int16Array(posts.get(worklet)![1]!.pcm).slice(0, 4)).toEqual(new Int16Array([16_383, 0, 16_383, 0]));
  });

  it('posts what it holds when the page asks, and posts nothing held twice', () => {
    const worklet = new Worklet();
    feed(worklet, 30); // 3,840 frames
    worklet.port.onmessage!({ data: 'flush' });
    feed(worklet, 10, 30 * QUANTUM);
    worklet.port.onmessage!({ data: 'flush' });
    expect(blocks(worklet)).toEqual([
      { frames: QUANTUM, end: QUANTUM, flushed: false },
      { frames: 29 * QUANTUM, end: 30 * QUANTUM, flushed: true },
      { frames: 10 * QUANTUM, end: 40 * QUANTUM, flushed: true },
    ]);
  });

  it('answers a flush before any audio with an empty block', () => {
    const worklet = new Worklet();
    worklet.port.onmessage!({ data: 'flush' });
    expect(blocks(worklet)).toEqual([{ frames: 0, end: 0, flushed: true }]);
  });
});
