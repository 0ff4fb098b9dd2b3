// Runs on the audio rendering thread (AudioWorkletGlobalScope), which has none of the DOM's
// types, so the globals it uses are declared here.
declare const sampleRate: number;
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

import { type BufferPool, createBufferPool } from './buffer-pool';

/**
 * Samples per block posted to the page: one second, a chunk's length (CHUNK_SECONDS), so a chunk
 * goes to main as soon as it did with shorter blocks. Few messages, because each message from the
 * worklet costs the page's renderer native memory Chromium does not give back: ten a second grew
 * it 2–3 MB a minute whatever they carried (docs/benchmarks.md, the memory row). So the meters
 * read the audio elsewhere (capture.ts's analysers), not from here.
 */
const BLOCK_FRAMES = sampleRate;
/**
 * Buffers handed back by the page kept for next blocks: two go round while main answers chunks
 * in time (the one being filled and the one being sent); a slow send gets new ones, and no more
 * than this are kept once they are all back.
 */
const KEEP_BUFFERS = 3;

/** What the worklet posts: audio, the context's frame at its end (the page's clocks count on from it), and whether it answers a flush. */
export interface WorkletMessage {
  pcm: ArrayBuffer;
  end: number;
  flushed: boolean;
}

/**
 * Turns the context's input (one channel per track, all rendered on the context's one clock)
 * into 16-bit interleaved PCM blocks. A track that delivers no frames (loopback while nothing
 * plays) reads as silence here, so the tracks can never drift apart. The page hands each full
 * block's buffer back once done with it (an `ArrayBuffer` message, transferred), and blocks are
 * filled in those; any other message is a flush: what is held goes out at once (a pause, a stop).
 */
class PcmBlocks extends AudioWorkletProcessor {
  private pool: BufferPool | null = null;
  private block: Int16Array<ArrayBuffer> | null = null;
  private filled = 0;
  private tracks = 0;
  /** The context's frame after the last one written. */
  private end = 0;
  /** The first block goes out after one render quantum, so the page knows at once that capture runs. */
  private first = true;

  constructor() {
    super();
    this.port.onmessage = ({ data }: MessageEvent<unknown>) => (data instanceof ArrayBuffer ? this.pool?.give(data) : this.post(true));
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const count = channels.length;
    if (count === 0) return true;
    const frames = channels[0]!.length;
    if (!this.pool || this.tracks !== count) {
      // Another track count makes the buffers of the old one the wrong size: the pool refuses them.
      this.tracks = count;
      this.pool = createBufferPool(BLOCK_FRAMES * count * Int16Array.BYTES_PER_ELEMENT, KEEP_BUFFERS);
      this.block = new Int16Array(this.pool.take());
      this.filled = 0;
    }
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < count; c++) {
        const sample = Math.max(-1, Math.min(1, channels[c]![i]!));
        this.block![this.filled * count + c] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      }
      if (++this.filled === BLOCK_FRAMES) {
        this.end = currentFrame + i + 1;
        this.post(false);
      }
    }
    this.end = currentFrame + frames;
    if (this.first && this.filled > 0) this.post(false);
    return true;
  }

  private post(flushed: boolean) {
    const block = this.block;
    const full = this.filled === BLOCK_FRAMES;
    // A partial block (the first quantum, a flush's) goes as a copy: its buffer is filled on from the start.
    const pcm = !block ? new ArrayBuffer(0) : full ? block.buffer : block.slice(0, this.filled * this.tracks).buffer;
    this.first = false;
    this.port.postMessage({ pcm, end: this.end, flushed } satisfies WorkletMessage, [pcm]);
    if (full) this.block = new Int16Array(this.pool!.take());
    this.filled = 0;
  }
}

registerProcessor('confab-pcm-blocks', PcmBlocks);
