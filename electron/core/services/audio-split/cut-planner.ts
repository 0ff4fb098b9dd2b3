/**
 * The parts of a recording, decided as its levels arrive, so the first part can be made and
 * sent while the rest is still being read. Each cut depends only on the levels from its
 * part's start to a little past its search window, and on the recording's end when that comes
 * first: so the same levels give the same cuts whichever way they arrive (all at once, stretch
 * by stretch, or after a restart that measures again from the last stored part's start).
 *
 * - Targets: the first part is short (`firstPartSeconds`), so the first words come back within
 *   seconds; every later target is a part's maximum less the search radius after its start, so a
 *   cut that moves to a pause never makes a part too long. The recording's length is not known
 *   while it is read, so parts are not evened out: the last one is what remains.
 * - The pause threshold of a cut is taken from the levels of its own part up to its window's
 *   end (the recording-wide threshold would need the whole recording first). A part's worth of
 *   audio (two and a half minutes for the first) holds enough pauses and speech for the
 *   percentiles; a part that is all one or the other is bounded as before (cut-points.ts).
 * - A cut is decided once the audio a minimum part past its window has been measured, so it is
 *   never needed to know whether the recording ends there; a recording that ends sooner decides
 *   its last cuts at the end, with the window kept short of the end by a minimum part.
 */
import { type Cut, type LevelTrack, type PartPlan, type SplitOptions, chooseCut, pauseThreshold } from './cut-points';

export interface PlannedPart extends PartPlan {
  /** The cut ending this part; null for the last. */
  cut: Cut | null;
}

export interface PlannerStart {
  /** The part to decide next. */
  index: number;
  /** Where it starts: 0, or the end of the last part already planned (a plan resumed). */
  startSample: number;
}

/** Windows kept per block of the growing level array. */
const GROW_WINDOWS = 16_384;

export class CutPlanner {
  /** Levels from the window where the first part to decide starts; `add` continues them. */
  readonly baseSample: number;
  private levels = new Float32Array(GROW_WINDOWS);
  private windows = 0;
  private index: number;
  private start: number;
  private ended = false;

  constructor(
    private readonly sampleRate: number,
    private readonly windowSamples: number,
    private readonly options: SplitOptions,
    from: PlannerStart = { index: 0, startSample: 0 },
  ) {
    this.index = from.index;
    this.start = from.startSample;
    this.baseSample = Math.floor(from.startSample / windowSamples) * windowSamples;
  }

  /** The levels of the next windows, in order (none past the recording's end); answers the parts they decide. */
  add(levels: Float32Array): PlannedPart[] {
    if (this.ended) throw new Error('The recording has ended: no more levels.');
    if (this.windows + levels.length > this.levels.length) {
      const grown = new Float32Array(Math.ceil((this.windows + levels.length) / GROW_WINDOWS + 1) * GROW_WINDOWS);
      grown.set(this.levels.subarray(0, this.windows));
      this.levels = grown;
    }
    this.levels.set(levels, this.windows);
    this.windows += levels.length;
    return this.decide(null);
  }

  /** The recording ends at `totalSamples`: the parts left, the last one included. */
  end(totalSamples: number): PlannedPart[] {
    const parts = this.decide(totalSamples);
    this.ended = true;
    if (totalSamples > this.start) parts.push({ index: this.index++, startSample: this.start, endSample: totalSamples, cut: null });
    return parts;
  }

  private decide(totalSamples: number | null): PlannedPart[] {
    const { sampleRate, options } = this;
    const maxPart = Math.floor(options.maxPartSeconds * sampleRate);
    const radius = Math.floor(options.searchRadiusSeconds * sampleRate);
    const minPart = Math.floor(options.minPartSeconds * sampleRate);
    const measured = Math.min(this.baseSample + this.windows * this.windowSamples, totalSamples ?? Infinity);
    const parts: PlannedPart[] = [];
    for (;;) {
      const length = this.index === 0 ? Math.min(Math.floor(options.firstPartSeconds * sampleRate), maxPart - radius) : maxPart - radius;
      const reach = Math.min(length + radius, maxPart);
      // Known to go on a minimum part past the window: the cut is the same whatever comes after.
      const known = measured > this.start + reach + minPart;
      if (!known && totalSamples === null) return parts;
      if (!known && totalSamples! - this.start <= Math.min(maxPart, reach + minPart)) return parts;
      const target = this.start + length;
      const lo = Math.max(this.start + minPart, target - radius);
      const hi = known ? this.start + reach : Math.min(this.start + reach, totalSamples! - minPart);
      const cut = this.cut(lo, hi, target);
      parts.push({ index: this.index++, startSample: this.start, endSample: cut.sample, cut });
      this.start = cut.sample;
    }
  }

  /** The cut between `lo` and `hi`, its threshold from the part's own levels up to `hi`. */
  private cut(lo: number, hi: number, target: number): Cut {
    const base = this.baseSample;
    const from = Math.floor((this.start - base) / this.windowSamples);
    const to = Math.min(this.windows, Math.ceil((hi - base) / this.windowSamples));
    const track: LevelTrack = { levels: this.levels.subarray(0, this.windows), windowSamples: this.windowSamples, sampleRate: this.sampleRate, totalSamples: 0 };
    // The levels begin at `base`, a whole number of windows in: the same windows, so the same cut, shifted.
    const cut = chooseCut(track, pauseThreshold(this.levels.subarray(from, to)), lo - base, hi - base, target - base, this.options);
    const pause = cut.pause && { ...cut.pause, startSample: cut.pause.startSample + base, endSample: cut.pause.endSample + base };
    return { sample: cut.sample + base, targetSample: target, pause };
  }
}
