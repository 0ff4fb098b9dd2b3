// Runs on the audio rendering thread (AudioWorkletGlobalScope), which has none of the DOM's
// types, so the globals it uses are declared here.
declare const sampleRate: number;
declare const currentFrame: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/**
 * Samples per block posted to the page: one second, a chunk's length (CHUNK_SECONDS), so a chunk
 * goes to main as soon as it did with shorter blocks and is that block, uncopied. One message a
 * second, where a bare page's renderer grew with the count of a worklet's messages (ten a second
 * 1.96 MB a minute, one 0.36; in the app the growth stayed: docs/benchmarks.md, the memory row),
 * so the meters read the audio elsewhere (peaks.ts), not from here.
 */
const BLOCK_FRAMES = sampleRate;

/** What the worklet posts: audio, the context's frame at its end (the page's clocks count on from it), and whether it answers a flush. */
export interface WorkletMessage {
  pcm: ArrayBuffer;
  end: number;
  flushed: boolean;
}

/**
 * Turns the context's input (one channel per track, all rendered on the context's one clock)
 * into 16-bit interleaved PCM blocks. A track that delivers no frames (loopback while nothing
 * plays) reads as silence here, so the tracks can never drift apart. Any message from the page is
 * a flush: what is held goes out at once (at a pause, at a stop).
 */
class PcmBlocks extends AudioWorkletProcessor {
  private block: Int16Array<ArrayBuffer> | null = null;
  private filled = 0;
  private tracks = 0;
  /** The context's frame after the last one written. */
  private end = 0;
  /** The first block goes out after one render quantum, so the page knows at once that capture runs. */
  private first = true;

  constructor() {
    super();
    this.port.onmessage = () => this.post(true);
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const count = channels.length;
    if (count === 0) return true;
    const frames = channels[0]!.length;
    if (!this.block || this.tracks !== count) {
      this.tracks = count;
      this.block = new Int16Array(BLOCK_FRAMES * count);
      this.filled = 0;
    }
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < count; c++) {
        const sample = Math.max(-1, Math.min(1, channels[c]![i]!));
        this.block[this.filled * count + c] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
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
    const pcm = !block ? new ArrayBuffer(0) : this.filled === BLOCK_FRAMES ? block.buffer : block.slice(0, this.filled * this.tracks).buffer;
    this.first = false;
    this.port.postMessage({ pcm, end: this.end, flushed } satisfies WorkletMessage, [pcm]);
    this.block = block && new Int16Array(BLOCK_FRAMES * this.tracks);
    this.filled = 0;
  }
}

registerProcessor('confab-pcm-blocks', PcmBlocks);
