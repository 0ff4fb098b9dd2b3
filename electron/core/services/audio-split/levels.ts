/**
 * The loudness of a recording, window by window: what the splitter keeps of the decoded
 * audio instead of the audio itself. One float per 50 ms window is 288 KB per hour of
 * audio, whatever the sample rate or channel count, so a three-hour meeting needs under
 * 1 MB where its PCM would need hundreds.
 */

/** Length of one level window. 50 ms resolves a 300 ms pause to six windows. */
export const LEVEL_WINDOW_SECONDS = 0.05;
/** The level of digital silence (and the floor of every level). */
export const SILENCE_DB = -120;

/** dBFS of a mean square (a full-scale square wave is 0 dB). */
export const decibels = (meanSquare: number) => (meanSquare > 1e-12 ? Math.max(SILENCE_DB, 10 * Math.log10(meanSquare)) : SILENCE_DB);

/** Windows kept per block: blocks grow the array without copying what was measured. */
const BLOCK_WINDOWS = 16_384;

/**
 * Measures mono samples pushed in order: the RMS of every window in dBFS, and the running
 * count of samples, which is where the next pushed sample lies in the recording.
 */
export class LevelMeter {
  readonly windowSamples: number;
  /** Samples measured so far: the position of the next sample, counted from the recording's start. */
  samples = 0;
  private readonly blocks: Float32Array[] = [];
  private block = new Float32Array(BLOCK_WINDOWS);
  private filled = 0;
  private sum = 0;
  private inWindow = 0;

  constructor(
    readonly sampleRate: number,
    windowSeconds = LEVEL_WINDOW_SECONDS,
  ) {
    this.windowSamples = Math.max(1, Math.round(sampleRate * windowSeconds));
  }

  /** Adds `length` mono samples. */
  push(mono: Float32Array, length = mono.length) {
    const size = this.windowSamples;
    let sum = this.sum;
    let inWindow = this.inWindow;
    for (let i = 0; i < length; i++) {
      const value = mono[i]!;
      sum += value * value;
      if (++inWindow === size) {
        this.store(decibels(sum / size));
        sum = 0;
        inWindow = 0;
      }
    }
    this.sum = sum;
    this.inWindow = inWindow;
    this.samples += length;
  }

  /** Adds `length` samples of silence (a gap between decoded samples). */
  pushSilence(length: number) {
    const zeros = new Float32Array(Math.min(length, 65_536));
    for (let left = length; left > 0; left -= zeros.length) this.push(zeros, Math.min(left, zeros.length));
  }

  /** Windows measured so far. */
  get windows(): number {
    return this.blocks.length * BLOCK_WINDOWS + this.filled;
  }

  /** Every window's level, the last partial window included. */
  finish(): Float32Array {
    if (this.inWindow > 0) {
      this.store(decibels(this.sum / this.inWindow));
      this.sum = 0;
      this.inWindow = 0;
    }
    const levels = new Float32Array(this.windows);
    this.blocks.forEach((block, index) => levels.set(block, index * BLOCK_WINDOWS));
    levels.set(this.block.subarray(0, this.filled), this.blocks.length * BLOCK_WINDOWS);
    return levels;
  }

  private store(level: number) {
    if (this.filled === BLOCK_WINDOWS) {
      this.blocks.push(this.block);
      this.block = new Float32Array(BLOCK_WINDOWS);
      this.filled = 0;
    }
    this.block[this.filled++] = level;
  }
}
