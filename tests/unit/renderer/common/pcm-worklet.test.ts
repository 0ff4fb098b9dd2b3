import { beforeAll, describe, expect, it } from 'vitest';

// The capture's worklet, run as the audio thread runs it: the scope's globals stood in for, then
// render quanta of 128 frames handed to its process(). What it posts is what the page gets.

const RATE = 16_000;
const QUANTUM = 128;

type Posted = { pcm: ArrayBuffer; flushed: boolean } | { peaks: number[]; held: number };
type Processor = { port: { onmessage: ((event: unknown) => void) | null }; process(inputs: Float32Array[][]): boolean };

let Worklet: new () => Processor;
const posts = new WeakMap<object, Posted[]>();

beforeAll(async () => {
  const scope = globalThis as Record<string, unknown>;
  scope.sampleRate = RATE;
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

/** A worklet fed `seconds` of two tracks: the first at 0.5, the second silent but for one loud frame. */
function feed(worklet: Processor, quanta: number) {
  for (let q = 0; q < quanta; q++) {
    const second = new Float32Array(QUANTUM);
    if (q === 20) second[5] = -0.9;
    worklet.process([[new Float32Array(QUANTUM).fill(0.5), second]]);
  }
}

const audio = (posted: Posted[]) => posted.filter((message) => 'pcm' in message).map((message) => new Int16Array(message.pcm));
const levels = (posted: Posted[]) => posted.filter((message) => 'peaks' in message);

describe('the capture worklet', () => {
  it('posts its first render quantum at once, then audio a second at a time and levels every 100 ms', () => {
    const worklet = new Worklet();
    feed(worklet, 250); // 32,000 frames: 2 s
    const posted = posts.get(worklet)!;
    // Two tracks interleaved: the first quantum, then one block per second (few messages: each costs Chromium memory).
    expect(audio(posted).map((block) => block.length / 2)).toEqual([QUANTUM, RATE]);
    expect(audio(posted)[1]!.slice(0, 4)).toEqual(new Int16Array([16_383, 0, 16_383, 0]));
    // Twenty levels in 2 s, each with the frames rendered and not yet posted (the page's clocks count them).
    const shown = levels(posted);
    expect(shown).toHaveLength(20);
    expect(shown[0]).toEqual({ peaks: [0.5, 0], held: 1600 - QUANTUM });
    expect(shown[1]).toEqual({ peaks: [0.5, expect.closeTo(0.9, 5)], held: 3200 - QUANTUM });
    expect(shown[10]).toEqual({ peaks: [0.5, 0], held: 17_600 - QUANTUM - RATE });
  });

  it('posts what it holds when the page asks, and posts nothing held twice', () => {
    const worklet = new Worklet();
    feed(worklet, 30); // 3,840 frames
    worklet.port.onmessage!({ data: 'flush' });
    feed(worklet, 10);
    worklet.port.onmessage!({ data: 'flush' });
    const posted = posts.get(worklet)!;
    const blocks = posted.filter((message) => 'pcm' in message);
    expect(blocks.map((block) => [new Int16Array(block.pcm).length / 2, block.flushed])).toEqual([
      [QUANTUM, false],
      [29 * QUANTUM, true],
      [10 * QUANTUM, true],
    ]);
  });

  it('answers a flush before any audio with an empty block', () => {
    const worklet = new Worklet();
    worklet.port.onmessage!({ data: 'flush' });
    expect(posts.get(worklet)!.map((message) => 'pcm' in message && [message.pcm.byteLength, message.flushed])).toEqual([[0, true]]);
  });
});
