import type { Segment, SubtitleRules, Word } from '../../../../shared/domain/transcript';
import { balancedLines } from './lines';
import { timeCues } from './timing';
import { type Row, type Unit, knownDuration, tokensFromRows, tokensFromSegments, tokensFromWords, unitsFromTokens } from './units';

/**
 * One subtitle: times in seconds (whole milliseconds), text already broken into lines, and
 * who speaks it if known (WebVTT writes it as a voice span).
 */
export type Cue = { start: number; end: number; lines: string[]; voice?: string };

/** A silence at least this long between two words is a natural place to end a cue. */
export const PAUSE_SECONDS = 0.5;
const PAUSE_MS = PAUSE_SECONDS * 1000;

/**
 * Costs the grouping minimises. Where a cue ends costs most: sentence end < pause < clause
 * punctuation < any other word boundary, so a split goes to the best place available; each
 * cue costs a little, so short sentences share a cue when they fit. Keeping a pause inside
 * a cue costs its length in seconds (text on screen through a long silence). A cue that
 * cannot stay up for the minimum duration, or cannot be read at the allowed speed even when
 * held into the following silence, costs in proportion to the shortfall: that is what merges
 * a lone "Okay." into its neighbour, or splits a fast cue at a silence; a cue with no time
 * at all before the next (zero-length words at one instant) is all but ruled out. Last and
 * least, the square of how full a cue is: among otherwise equal choices, cues of even length.
 */
const COST = { cue: 0.5, sentence: 0, pause: 1, clause: 1.5, word: 4, short: 1, noRoom: 100, overSpeed: 4, fill: 0.1 };

/**
 * Cues from a verbose_json transcription's word timings. Words keep the service's order
 * even when their timings overlap or go backwards, with or without their leading space,
 * with negative times or past `duration`; the timings are repaired, never the order, and
 * nothing is rejected (see units.ts).
 */
export function cuesFromWords(words: readonly Word[], rules: SubtitleRules, duration: number | null): Cue[] {
  const durationMs = knownDuration(duration);
  return buildCues(unitsFromTokens(tokensFromWords(words, durationMs)), rules, durationMs);
}

/**
 * The words of a transcript as subtitles would show them — punctuation tokens joined to
 * their word, times valid, in the service's order — grouped into cues by the rules, for
 * the transcript editor's first rows: the units, and each cue's [from, to) among them (times in ms).
 */
export function wordsInCues(words: readonly Word[], rules: SubtitleRules, duration: number | null): { units: ReadonlyArray<Pick<Unit, 'text' | 'start' | 'end'>>; cues: Array<[number, number]> } {
  const durationMs = knownDuration(duration);
  const units = unitsFromTokens(tokensFromWords(words, durationMs));
  return { units, cues: groupUnits(units, rules, durationMs) };
}

/**
 * For a transcript with segments but no word timings: every segment becomes one or more
 * cues (a cue never spans two segments), long ones split by the same rules as words.
 */
export function cuesFromSegments(segments: readonly Segment[], rules: SubtitleRules, duration: number | null): Cue[] {
  const durationMs = knownDuration(duration);
  return buildCues(unitsFromTokens(tokensFromSegments(segments, durationMs)), rules, durationMs);
}

/**
 * Cues from the transcript editor's rows, each re-segmented by the rules and never crossed
 * by a cue (a row the user split stays split); every cue carries its row's index.
 */
export function cuesFromRows(rows: readonly Row[], rules: SubtitleRules, duration: number | null): Array<Cue & { run: number }> {
  const durationMs = knownDuration(duration);
  const { tokens, rowOf } = tokensFromRows(rows, durationMs);
  const units = unitsFromTokens(tokens);
  // A unit never spans two rows (each row's last token ends a run): the k-th run-ending unit ends the k-th row.
  const unitRows = new Int32Array(units.length);
  let ended = 0;
  for (let k = 0; k < units.length; k++) {
    unitRows[k] = rowOf[ended]!;
    if (units[k]!.breakAfter) ended++;
  }
  return buildCues(units, rules, durationMs, (from) => unitRows[from]!);
}

function buildCues(units: Unit[], rules: SubtitleRules, durationMs: number | null): Cue[];
function buildCues(units: Unit[], rules: SubtitleRules, durationMs: number | null, runOf: (from: number) => number): Array<Cue & { run: number }>;
function buildCues(units: Unit[], rules: SubtitleRules, durationMs: number | null, runOf?: (from: number) => number): Cue[] {
  const groups = groupUnits(units, rules, durationMs).map(([from, to]) => {
    let chars = units[from]!.length;
    for (let i = from + 1; i < to; i++) chars += units[i]!.length + (units[i]!.spaceBefore ? 1 : 0);
    return { from, start: units[from]!.start, end: units[to - 1]!.end, chars, lines: balancedLines(units, from, to, rules.maxCharsPerLine) };
  });
  return timeCues(groups, rules, durationMs).map(([start, end], i) => ({
    start: start / 1000,
    end: end / 1000,
    lines: groups[i]!.lines,
    ...(runOf && { run: runOf(groups[i]!.from) }),
  }));
}

/**
 * Splits the units into cues by dynamic programming over cue boundaries: best[j] is the
 * least cost of cutting units[0..j) into cues. A cue is feasible when its text fits the
 * line rules and its words span at most the maximum duration; a single unit always is.
 * The inner loop reads typed arrays: it runs about a dozen times per word.
 */
function groupUnits(units: Unit[], rules: SubtitleRules, durationMs: number | null): Array<[number, number]> {
  const n = units.length;
  const { maxCharsPerLine, maxLinesPerCue, maxCharsPerSecond } = rules;
  const maxCueMs = rules.maxCueSeconds * 1000;
  const minCueMs = rules.minCueSeconds * 1000;
  const capacity = maxCharsPerLine * maxLinesPerCue;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  const lengths = new Int32Array(n);
  const spaces = new Int32Array(n);
  const endCost = new Float64Array(n);
  const nextStart = new Float64Array(n);
  units.forEach((unit, i) => {
    const next = units[i + 1];
    starts[i] = unit.start;
    ends[i] = unit.end;
    lengths[i] = unit.length;
    spaces[i] = unit.spaceBefore ? 1 : 0;
    nextStart[i] = next?.start ?? durationMs ?? Infinity;
    if (!next || unit.breakAfter) endCost[i] = 0;
    else if (unit.ends === 'sentence') endCost[i] = COST.sentence;
    else if (next.start - unit.end >= PAUSE_MS) endCost[i] = COST.pause;
    else endCost[i] = unit.ends === 'clause' ? COST.clause : COST.word;
  });
  const best = new Float64Array(n + 1).fill(Infinity);
  const from = new Int32Array(n + 1);
  best[0] = 0;

  for (let i = 0; i < n; i++) {
    const start = starts[i]!;
    let lines = 1;
    let lineLength = lengths[i]!;
    let chars = lineLength;
    let pauses = 0;
    for (let j = i; j < n; j++) {
      if (j > i) {
        if (ends[j]! - start > maxCueMs) break;
        const added = spaces[j]! + lengths[j]!;
        chars += added;
        if (lineLength + added <= maxCharsPerLine) lineLength += added;
        else if (++lines > maxLinesPerCue) break;
        else lineLength = lengths[j]!;
        const gap = starts[j]! - ends[j - 1]!;
        if (gap >= PAUSE_MS) pauses += gap / 1000;
      }
      const room = Math.min(maxCueMs, nextStart[j]! - start);
      const fill = chars / capacity;
      let cost = best[i]! + COST.cue + endCost[j]! + pauses + COST.fill * fill * fill;
      if (room <= 0) cost += COST.noRoom;
      else {
        if (room < minCueMs) cost += (COST.short * (minCueMs - room)) / minCueMs;
        const speed = (chars * 1000) / room;
        if (speed > maxCharsPerSecond) cost += COST.overSpeed * (speed / maxCharsPerSecond - 1);
      }
      if (cost < best[j + 1]!) {
        best[j + 1] = cost;
        from[j + 1] = i;
      }
      if (units[j]!.breakAfter) break;
    }
  }

  const groups: Array<[number, number]> = [];
  for (let j = n; j > 0; j = from[j]!) groups.push([from[j]!, j]);
  return groups.reverse();
}
