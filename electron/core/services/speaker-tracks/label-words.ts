import { SILENCE_DB } from '../audio-split/levels';
import type { TrackLevels } from './wav-levels';

/** Whose side a word was heard on: the microphone's (the user), the system's (the others). */
export type Side = 'mic' | 'others';

/** A word's span, in milliseconds (the editor's rows keep whole milliseconds). */
export interface Span {
  start: number;
  end: number;
}

/**
 * The microphone must be this much louder than the system track over a word to be the user's.
 * The microphone also hears the other side through the speakers, typically 10–25 dB down: a
 * word the other side said can reach the microphone, but never this much louder than its source.
 */
export const MIC_DOMINANCE_DB = 6;
/** The system track this much louder than the microphone: only the other side spoke (the mic heard its echo). */
export const SYSTEM_DOMINANCE_DB = 6;
/** A track is speaking over a word when it is this far above its own quiet level... */
const ABOVE_QUIET_DB = 12;
/** ...and at least this loud, whatever its quiet level. */
const SPEECH_FLOOR_DB = -60;
/** The share of a track's windows its quiet level is read at (the pauses between words). */
const QUIET_PERCENTILE = 0.1;

/** A track's quiet level: its windows' level at the 10th percentile, read from a 1 dB histogram. */
function quietLevel(levels: Float32Array): number {
  if (!levels.length) return SILENCE_DB;
  const counts = new Uint32Array(-SILENCE_DB + 1);
  for (const level of levels) counts[Math.min(-SILENCE_DB, Math.max(0, Math.round(level - SILENCE_DB)))]! += 1;
  let seen = 0;
  for (let bin = 0; bin < counts.length; bin++) {
    seen += counts[bin]!;
    if (seen >= levels.length * QUIET_PERCENTILE) return bin + SILENCE_DB;
  }
  return 0;
}

/** The level over a span: the mean power of its windows in dB; windows past the track's end are silence. */
function levelOver(track: TrackLevels, span: Span): number {
  const size = track.windowSeconds * 1000;
  const first = Math.floor(span.start / size);
  const last = Math.max(first + 1, Math.ceil(span.end / size));
  let power = 0;
  for (let window = first; window < last; window++) {
    const level = window < track.levels.length ? track.levels[window]! : SILENCE_DB;
    power += 10 ** (level / 10);
  }
  return Math.max(SILENCE_DB, 10 * Math.log10(power / (last - first)));
}

/** The side whose track carried a word, or null where neither did clearly (silence, crosstalk at one level). */
function sideOf(mic: number, system: number, micSpeaks: number, systemSpeaks: number): Side | null {
  const micOn = mic >= micSpeaks;
  const systemOn = system >= systemSpeaks;
  if (!micOn && !systemOn) return null;
  if (!systemOn) return 'mic';
  if (!micOn) return 'others';
  if (mic - system >= MIC_DOMINANCE_DB) return 'mic';
  if (system - mic >= SYSTEM_DOMINANCE_DB) return 'others';
  return null;
}

/**
 * Words neither track decided take their neighbours' side: the side around them when both
 * agree, else the nearer word's in time. Null everywhere when no word was decided.
 */
function fillFromNeighbours(spans: readonly Span[], sides: Array<Side | null>): Array<Side | null> {
  const filled = [...sides];
  const nextDecided = new Int32Array(sides.length);
  for (let i = sides.length - 1, next = sides.length; i >= 0; i--) {
    nextDecided[i] = next;
    if (sides[i] !== null) next = i;
  }
  let before = -1;
  for (let i = 0; i < sides.length; i++) {
    if (sides[i] !== null) {
      before = i;
      continue;
    }
    const after = nextDecided[i]!;
    const previous = before >= 0 ? sides[before]! : null;
    const next = after < sides.length ? sides[after]! : null;
    if (previous === null || next === null || previous === next) filled[i] = previous ?? next;
    else filled[i] = spans[i]!.start - spans[before]!.end <= spans[after]!.start - spans[i]!.end ? previous : next;
  }
  return filled;
}

/**
 * Which side said each word, judged by which track carried its sound over the word's span.
 * Levels are compared with echo in mind (see MIC_DOMINANCE_DB), and each track is "speaking"
 * against its own quiet level, so a microphone set low is not taken for silence.
 */
export function labelWords(spans: readonly Span[], mic: TrackLevels, system: TrackLevels): Array<Side | null> {
  const micSpeaks = Math.max(SPEECH_FLOOR_DB, quietLevel(mic.levels) + ABOVE_QUIET_DB);
  const systemSpeaks = Math.max(SPEECH_FLOOR_DB, quietLevel(system.levels) + ABOVE_QUIET_DB);
  const sides = spans.map((span) => sideOf(levelOver(mic, span), levelOver(system, span), micSpeaks, systemSpeaks));
  return fillFromNeighbours(spans, sides);
}
