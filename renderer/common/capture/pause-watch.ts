import type { PauseHint } from '../../../shared/contract/recording';

/**
 * Follows each track's level, in the windows main measures, for the end of a pause after speech
 * as main's hint describes it (the windows' length, each track's quiet level, how long): the
 * moment the audio main needs to end a stretch has all been rendered. The rule and its numbers
 * are main's; a hint that is off only moves when a block is handed over.
 */
export class PauseWatch {
  readonly tracks: number;
  private windowFrames = 0;
  private quietWindows = 0;
  private quietBelow: readonly number[] = [];
  private readonly sums: Float64Array;
  private frames = 0;
  /** Each track's quiet windows since its last louder one; -1 once that pause was reported (or before any sound). */
  private readonly quiet: Int32Array;

  constructor(hint: PauseHint, sampleRate: number) {
    this.tracks = hint.quietBelow.length;
    this.sums = new Float64Array(this.tracks);
    this.quiet = new Int32Array(this.tracks).fill(-1);
    this.use(hint, sampleRate);
  }

  /** A newer hint (main's thresholds follow the recording): what was heard so far still counts. */
  use(hint: PauseHint, sampleRate: number) {
    if (hint.quietBelow.length !== this.tracks) return;
    this.windowFrames = Math.max(1, Math.round(hint.windowSeconds * sampleRate));
    // Main sends whole windows; rounding keeps 0.55 / 0.05 from reading as a twelfth.
    this.quietWindows = Math.max(1, Math.round(hint.quietSeconds / hint.windowSeconds));
    this.quietBelow = hint.quietBelow;
  }

  /** One sample (-1..1) of track `track`. */
  add(track: number, sample: number) {
    this.sums[track]! += sample * sample;
  }

  /** Every track's sample of this frame was added: true when a track's pause after a sound has just grown long enough. */
  endFrame(): boolean {
    if (++this.frames < this.windowFrames) return false;
    let due = false;
    for (let track = 0; track < this.tracks; track++) {
      const loud = this.sums[track]! / this.frames >= this.quietBelow[track]!;
      this.sums[track] = 0;
      if (loud) this.quiet[track] = 0;
      else if (this.quiet[track]! >= 0 && ++this.quiet[track]! === this.quietWindows) {
        this.quiet[track] = -1;
        due = true;
      }
    }
    this.frames = 0;
    return due;
  }
}
