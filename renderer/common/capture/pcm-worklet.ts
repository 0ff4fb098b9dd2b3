// Runs on the audio rendering thread (AudioWorkletGlobalScope), which has none of the DOM's
// types, so the three globals it uses are declared here.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/**
 * Samples per block posted to the page: one second, a chunk's length (CHUNK_SECONDS), so a chunk
 * goes to main as soon as it did with shorter blocks. Few messages because each one costs the
 * page's renderer native memory Chromium does not give back: ten 3.2 KB blocks a second grew it
 * ~2 MB a minute, one 32 KB block a second stayed flat (docs/benchmarks.md, the memory row).
 */
const BLOCK_FRAMES = sampleRate;
/** Frames per level: the meters and the clocks move every 100 ms, on a few numbers, not on audio. */
const LEVEL_FRAMES = Math.round(sampleRate / 10);

/** What the worklet posts: audio (`flushed` answers a flush), or a level with the frames it holds. */
export type WorkletMessage = { pcm: ArrayBuffer; flushed: boolean } | { peaks: number[]; held: number };

/**
 * Turns the context's input (one channel per track, all rendered on the context's one clock)
 * into 16-bit interleaved PCM blocks, and each track's peak per 100 ms. A track that delivers no
 * frames (loopback while nothing plays) reads as silence here, so the tracks can never drift apart.
 * Any message from the page is a flush: what is held goes out at once (at a pause, at a stop).
 */
class PcmBlocks extends AudioWorkletProcessor {
  private block: Int16Array<ArrayBuffer> | null = null;
  private filled = 0;
  private peaks: number[] = [];
  private levelFrames = 0;
  /** The first block goes out after one render quantum, so the page knows at once that capture runs. */
  private first = true;

  constructor() {
    super();
    this.port.onmessage = () => this.postPcm(true);
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const count = channels.length;
    if (count === 0) return true;
    const frames = channels[0]!.length;
    if (!this.block || this.peaks.length !== count) {
      this.block = new Int16Array(BLOCK_FRAMES * count);
      this.filled = 0;
      this.peaks = new Array<number>(count).fill(0);
      this.levelFrames = 0;
    }
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < count; c++) {
        const sample = Math.max(-1, Math.min(1, channels[c]![i]!));
        this.peaks[c] = Math.max(this.peaks[c]!, Math.abs(sample));
        this.block![this.filled * count + c] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      }
      if (++this.filled === BLOCK_FRAMES) this.postPcm(false);
      if (++this.levelFrames === LEVEL_FRAMES) this.postLevel();
    }
    if (this.first && this.filled > 0) this.postPcm(false);
    return true;
  }

  private postPcm(flushed: boolean) {
    const count = this.peaks.length;
    const block = this.block;
    const pcm = !block ? new ArrayBuffer(0) : this.filled === BLOCK_FRAMES ? block.buffer : block.slice(0, this.filled * count).buffer;
    this.first = false;
    this.port.postMessage({ pcm, flushed } satisfies WorkletMessage, [pcm]);
    this.block = block && new Int16Array(BLOCK_FRAMES * count);
    this.filled = 0;
  }

  private postLevel() {
    this.port.postMessage({ peaks: this.peaks, held: this.filled } satisfies WorkletMessage);
    this.peaks = new Array<number>(this.peaks.length).fill(0);
    this.levelFrames = 0;
  }
}

registerProcessor('confab-pcm-blocks', PcmBlocks);
