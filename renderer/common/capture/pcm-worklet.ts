import type { PauseHint } from '../../../shared/contract/recording';
import { PauseWatch } from './pause-watch';
import type { PageMessage, WorkletMessage } from './worklet-messages';

// Runs on the audio rendering thread (AudioWorkletGlobalScope), which has none of the DOM's
// types, so the three globals it uses are declared here.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/**
 * Samples per PCM block posted to the page: one second, as main takes chunks anyway. Few messages
 * because a bare page with this worklet grew ~2 MB a minute at ten 100 ms blocks a second and
 * ~0.4 at one block a second of the same bytes; in the app the renderer's slope hardly moved
 * (2.48 → 2.32 MB a minute: docs/benchmarks.md, the memory row).
 */
const BLOCK_FRAMES = sampleRate;
/** Frames per level: 300 ms, the meters' own rate (a VU meter's integration time). */
const LEVEL_FRAMES = Math.round(sampleRate * 0.3);

/**
 * Turns the context's input (one channel per track, all rendered on the context's one clock)
 * into 16-bit interleaved PCM blocks of a second, and each track's peak every 300 ms in a small
 * message of its own, so the meters move at their rate while PCM messages stay few. A track that
 * delivers no frames (loopback while nothing plays) reads as silence here, so the tracks can
 * never drift apart. The page's `flush` gets the partial block at once (Stop, Pause): nothing
 * rendered is left behind. With main's pause hint (live captions) a pause after speech also
 * hands the partial block over, `early`: the stretch's end reaches main within a window of its
 * pause being in, not up to a second later; about one message more per pause.
 */
class PcmBlocks extends AudioWorkletProcessor {
  private block: Int16Array<ArrayBuffer> | null = null;
  private filled = 0;
  private peaks: number[] = [];
  private levelFrames = 0;
  /** The first level goes out after one render quantum, so the page knows at once that capture runs. */
  private first = true;
  /** Main's pause hint at work (live captions): a pause after speech hands the partial block over at once. */
  private pauses: PauseWatch | null = null;

  constructor() {
    super();
    this.port.onmessage = ({ data }: { data: PageMessage }) => (data === 'flush' ? this.flush() : this.useHint(data.hint));
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
    }
    const pauses = this.pauses?.tracks === count ? this.pauses : null;
    for (let i = 0; i < frames; i++) {
      for (let c = 0; c < count; c++) {
        const sample = Math.max(-1, Math.min(1, channels[c]![i]!));
        this.peaks[c] = Math.max(this.peaks[c]!, Math.abs(sample));
        this.block[this.filled * count + c] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
        pauses?.add(c, sample);
      }
      this.filled++;
      if (++this.levelFrames === LEVEL_FRAMES) this.postLevel();
      const pauseEnded = pauses?.endFrame() ?? false;
      if (this.filled === BLOCK_FRAMES) this.postPcm();
      else if (pauseEnded) this.postPcm(true);
    }
    if (this.first) this.postLevel();
    return true;
  }

  private post(message: WorkletMessage, transfer: Transferable[] = []) {
    this.port.postMessage(message, transfer);
  }

  private postLevel() {
    this.first = false;
    this.post({ kind: 'level', peaks: this.peaks, frames: this.levelFrames });
    this.peaks = this.peaks.map(() => 0);
    this.levelFrames = 0;
  }

  private postPcm(early = false) {
    const count = this.peaks.length;
    const whole = this.filled === BLOCK_FRAMES;
    const pcm = whole ? this.block!.buffer : this.block!.slice(0, this.filled * count).buffer;
    this.post(early ? { kind: 'pcm', pcm, early } : { kind: 'pcm', pcm }, [pcm]);
    // A whole block's buffer went with it; a partial one was copied, so its block is filled again.
    if (whole) this.block = new Int16Array(BLOCK_FRAMES * count);
    this.filled = 0;
  }

  private useHint(hint: PauseHint | null) {
    if (!hint) this.pauses = null;
    else if (this.pauses?.tracks === hint.quietBelow.length) this.pauses.use(hint, sampleRate);
    else this.pauses = new PauseWatch(hint, sampleRate);
  }

  /** Hands over every frame rendered so far (its level too, so the page's clock agrees), then says so. */
  private flush() {
    if (this.levelFrames > 0) this.postLevel();
    if (this.filled > 0) this.postPcm();
    this.post({ kind: 'flushed' });
  }
}

registerProcessor('confab-pcm-blocks', PcmBlocks);
