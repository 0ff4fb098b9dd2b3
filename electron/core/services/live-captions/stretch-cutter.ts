import { type PauseHint, RECORDING_SAMPLE_RATE } from '../../../../shared/contract/recording';
import { LEVEL_WINDOW_SECONDS, chooseCut, decibels, pauseThreshold } from '../audio-split';

/** A stretch of one track's speech: its samples, and where they lie in the recording (frames). */
export interface Stretch {
  startFrame: number;
  endFrame: number;
  samples: Int16Array;
}

export interface CutterOptions {
  /** Quiet this long ends a stretch. */
  pauseSeconds: number;
  /** No stretch is longer: a caption shows at most this long after its first word was said. */
  maxSeconds: number;
  /** A stretch this long is cut at its quietest point within the last `searchSeconds`. */
  searchSeconds: number;
}

export const DEFAULT_CUTTER: CutterOptions = { pauseSeconds: 0.5, maxSeconds: 12, searchSeconds: 3 };

const WINDOW = Math.round(RECORDING_SAMPLE_RATE * LEVEL_WINDOW_SECONDS);
/** Below this a window is never speech, whatever the track's own levels (a quiet room, a muted line). */
const SPEECH_FLOOR_DB = -50;
/** The pause threshold follows the track's last 30 s, so a louder speaker or a noisier room moves it. */
const RECENT_WINDOWS = Math.round(30 / LEVEL_WINDOW_SECONDS);
/** Kept before the first loud window and after the last, so a soft onset or fading word is not clipped. */
const LEAD_WINDOWS = 4;
const TAIL_WINDOWS = 5;
/** Fewer loud windows than this (a click, a cough of 150 ms) is not worth a request. */
const MIN_SPEECH_WINDOWS = 4;

/**
 * Cuts one track's audio, as it is heard, into stretches of speech: a stretch starts where a
 * window is loud, ends at a pause or is cut at its quietest point near the maximum length, and
 * quiet between stretches is never part of one. It holds only the stretch in progress.
 */
export class StretchCutter {
  private readonly options: CutterOptions;
  private buffer = new Int16Array(RECORDING_SAMPLE_RATE * 16);
  /** Samples held, from frame `base` (always at a window's start). */
  private length = 0;
  private base = 0;
  /** Level of each whole window held, from `base`. */
  private levels: number[] = [];
  private readonly recent = new Float32Array(RECENT_WINDOWS);
  private heardWindows = 0;
  /** The level (dBFS) the last window needed to be speech; null before any window. */
  private lastThreshold: number | null = null;
  /** The stretch in progress: its first window and last loud window (indices into `levels`), and its loud windows. */
  private stretch: { start: number; lastLoud: number; loud: number } | null = null;

  constructor(options: Partial<CutterOptions> = {}) {
    this.options = { ...DEFAULT_CUTTER, ...options };
  }

  /** The track's samples from frame `at` (after what came before); answers the stretches it finished. */
  push(samples: Int16Array, at: number): Stretch[] {
    // A gap or a repeat (never from the recording, which hears every frame once in order): start afresh.
    if (at !== this.base + this.length) this.reset(at - (at % WINDOW));
    if (at !== this.base + this.length) this.append(new Int16Array(at - this.base - this.length));
    this.append(samples);
    const finished: Stretch[] = [];
    while ((this.levels.length + 1) * WINDOW <= this.length) {
      const stretch = this.measure(this.levels.length);
      if (stretch) finished.push(stretch);
    }
    if (!this.stretch) this.drop(Math.max(0, this.levels.length - LEAD_WINDOWS));
    return finished;
  }

  /**
   * What the page may watch for to hand a pause's audio over early: windows quieter than the
   * current threshold for long enough that this cutter has ended any stretch before them. One
   * window more than the pause, as the page's windows need not start where these do.
   */
  quietAfterSpeech(): { belowDb: number; quietSeconds: number } | null {
    if (this.lastThreshold === null) return null;
    return { belowDb: this.lastThreshold, quietSeconds: this.options.pauseSeconds + LEVEL_WINDOW_SECONDS };
  }

  private measure(index: number): Stretch | null {
    let sum = 0;
    for (let i = index * WINDOW; i < (index + 1) * WINDOW; i++) sum += (this.buffer[i]! / 32768) ** 2;
    const level = decibels(sum / WINDOW);
    this.levels.push(level);
    this.recent[this.heardWindows++ % RECENT_WINDOWS] = level;
    const threshold = this.threshold();
    this.lastThreshold = threshold;
    const loud = level >= threshold;
    const { pauseSeconds, maxSeconds } = this.options;
    if (!this.stretch) {
      if (loud) this.stretch = { start: Math.max(0, index - LEAD_WINDOWS), lastLoud: index, loud: 1 };
      return null;
    }
    if (loud) Object.assign(this.stretch, { lastLoud: index, loud: this.stretch.loud + 1 });
    const { start, lastLoud } = this.stretch;
    if ((index - lastLoud) * LEVEL_WINDOW_SECONDS >= pauseSeconds) {
      const done = this.take(start, lastLoud + 1 + TAIL_WINDOWS, this.stretch.loud);
      this.stretch = null;
      return done;
    }
    if ((index + 1 - start) * LEVEL_WINDOW_SECONDS < maxSeconds) return null;
    return this.cutLong(threshold);
  }

  /** A stretch at its longest: cut at the best pause, or the quietest point, of its last seconds; what follows goes on. */
  private cutLong(threshold: number): Stretch | null {
    const { start } = this.stretch!;
    const end = this.levels.length;
    const track = { levels: Float32Array.from(this.levels), windowSamples: WINDOW, sampleRate: RECORDING_SAMPLE_RATE, totalSamples: end * WINDOW };
    const lo = Math.max(start + 1, end - Math.round(this.options.searchSeconds / LEVEL_WINDOW_SECONDS)) * WINDOW;
    const cut = chooseCut(track, threshold, lo, end * WINDOW, end * WINDOW, { maxPartSeconds: this.options.maxSeconds, searchRadiusSeconds: this.options.searchSeconds, minPauseSeconds: 0.1, minPartSeconds: 0, firstPartSeconds: this.options.maxSeconds });
    const at = Math.min(end, Math.max(start + 1, Math.round(cut.sample / WINDOW)));
    let [loudBefore, loudAfter, lastLoud] = [0, 0, -1];
    for (let i = start; i < end; i++) {
      if (this.levels[i]! < threshold) continue;
      if (i < at) loudBefore++;
      else [loudAfter, lastLoud] = [loudAfter + 1, i];
    }
    const done = this.take(start, at, loudBefore);
    // What follows the cut goes on as the next stretch (counted from the new start), if it holds speech.
    if (lastLoud >= 0) this.stretch = { start: 0, lastLoud: lastLoud - at, loud: loudAfter };
    return done;
  }

  /** Speech is louder than the track's own pauses (as the splitter finds them) and than the floor. */
  private threshold(): number {
    const recent = this.recent.subarray(0, Math.min(this.heardWindows, RECENT_WINDOWS));
    return Math.max(SPEECH_FLOOR_DB, pauseThreshold(recent));
  }

  /** Windows [from, to) as a stretch (null when too little of it is speech); what lies before `to` is let go. */
  private take(from: number, to: number, loud: number): Stretch | null {
    const stretch = loud >= MIN_SPEECH_WINDOWS ? { startFrame: this.base + from * WINDOW, endFrame: this.base + to * WINDOW, samples: this.buffer.slice(from * WINDOW, to * WINDOW) } : null;
    this.stretch = null;
    this.drop(to);
    return stretch;
  }

  /** Lets go of the first `windows` windows. */
  private drop(windows: number) {
    if (windows <= 0) return;
    this.buffer.copyWithin(0, windows * WINDOW, this.length);
    this.length -= windows * WINDOW;
    this.base += windows * WINDOW;
    this.levels = this.levels.slice(windows);
    if (this.stretch) Object.assign(this.stretch, { start: this.stretch.start - windows, lastLoud: this.stretch.lastLoud - windows });
  }

  private append(samples: Int16Array) {
    if (this.length + samples.length > this.buffer.length) {
      const grown = new Int16Array(Math.max(this.buffer.length * 2, this.length + samples.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(samples, this.length);
    this.length += samples.length;
  }

  private reset(base: number) {
    Object.assign(this, { length: 0, base, levels: [], stretch: null });
  }
}

/**
 * The page's cue to hand a pause over early, from each track's cutter (none until every track
 * has been measured): a window's mean square below the track's threshold is quiet. Thresholds are
 * rounded to whole decibels, so the hint seldom changes and the page seldom tells its worklet.
 */
export function pauseHintOf(cutters: readonly StretchCutter[]): PauseHint | null {
  const quiet = cutters.map((cutter) => cutter.quietAfterSpeech());
  if (quiet.length === 0 || quiet.some((track) => track === null)) return null;
  return { windowSeconds: LEVEL_WINDOW_SECONDS, quietBelow: quiet.map((track) => 10 ** (Math.round(track!.belowDb) / 10)), quietSeconds: quiet[0]!.quietSeconds };
}
