// Runs on the audio rendering thread (AudioWorkletGlobalScope), which has none of the DOM's
// types, so the three globals it uses are declared here.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** Samples per block posted to the page: 100 ms, so meters move smoothly and messages stay few. */
const BLOCK_FRAMES = Math.round(sampleRate / 10);

/**
 * Turns the context's input (one channel per track, all rendered on the context's one clock)
 * into 16-bit interleaved PCM blocks with each track's peak. A track that delivers no frames
 * (loopback while nothing plays) reads as silence here, so the tracks can never drift apart.
 */
class PcmBlocks extends AudioWorkletProcessor {
  private block: Int16Array | null = null;
  private filled = 0;
  private peaks: number[] = [];
  /** The first block goes out after one render quantum, so the page knows at once that capture runs. */
  private first = true;

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0] ?? [];
    const count = channels.length;
    if (count === 0) return true;
    const frames = channels[0]!.length;
    if (!this.block || this.peaks.length !== count) {
      this.block = new Int16Array(BLOCK_FRAMES * count);
      this.filled = 0;
      this.peaks = new Array<number>(count).fill(0);
    }
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < count; c++) {
        const sample = Math.max(-1, Math.min(1, channels[c]![i]!));
        this.peaks[c] = Math.max(this.peaks[c]!, Math.abs(sample));
        this.block[this.filled * count + c] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      }
      if (++this.filled === BLOCK_FRAMES) this.post(count);
    }
    if (this.first && this.filled > 0) this.post(count);
    return true;
  }

  private post(count: number) {
    const pcm = this.filled === BLOCK_FRAMES ? this.block!.buffer : this.block!.slice(0, this.filled * count).buffer;
    this.first = false;
    this.port.postMessage({ pcm, peaks: this.peaks }, [pcm]);
    this.block = new Int16Array(BLOCK_FRAMES * count);
    this.filled = 0;
    this.peaks = new Array<number>(count).fill(0);
  }
}

registerProcessor('confab-pcm-blocks', PcmBlocks);
