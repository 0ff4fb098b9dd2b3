import type { Segment, Word } from '../../../../shared/domain/transcript';
import { ATTACHES_LEFT, ATTACHES_RIGHT, OPENERS, NO_SPACE_ANY, NO_SPACE_END, NO_SPACE_START, collapseSpace, displayLength, graphemes, phraseEnd } from './text';
import { toMilliseconds } from './timecode';

/**
 * What cues and lines are built from: a word as it is displayed, so a line can break before
 * any unit and never inside one (times in ms). `breakAfter` marks the end of a server
 * segment, which a cue never crosses; `length` (0 until measured) and `ends` are filled in
 * last.
 */
export type Unit = {
  text: string;
  start: number;
  end: number;
  spaceBefore: boolean;
  breakAfter: boolean;
  length: number;
  ends: ReturnType<typeof phraseEnd>;
};

/**
 * `duration` is trusted only when it is a positive number; anything else means unknown. It
 * is rounded down so that no cue ends even a fraction of a millisecond after the audio (the
 * epsilon keeps 1.005, stored as 1.00499…, at 1005 ms).
 */
export function knownDuration(duration: number | null): number | null {
  return duration !== null && Number.isFinite(duration) && duration > 0 ? Math.floor(duration * 1000 + 1e-6) : null;
}

function clampTime(seconds: number, durationMs: number | null): number {
  return Math.min(toMilliseconds(seconds), durationMs ?? Infinity);
}

/**
 * Words in the order the service gave them, never sorted: services send overlapping or
 * backward timings near speaker changes, and sorting by start time would swap words
 * ("Bilal: asked" shown as "asked Bilal:"). The timings are made valid instead: negative
 * times are raised to 0, times past the duration lowered to it (late words are kept, at
 * the very end, because the server's duration is more likely rounded than its words
 * invented), a start before the previous word's start is raised to it (monotonic), and an
 * end before its start raised to the start (no negative lengths).
 */
export function tokensFromWords(words: readonly Word[], durationMs: number | null): Unit[] {
  const kept: Unit[] = [];
  // Whether the server's text had a space after the previous word (trimming changed that end).
  let spaceBehind = false;
  for (const word of words) {
    const text = collapseSpace(word.word);
    if (!text) continue;
    const previous = kept.at(-1);
    const start = Math.max(clampTime(word.start, durationMs), previous?.start ?? 0);
    const end = Math.max(start, clampTime(word.end, durationMs));
    const spaceAhead = word.word[0] !== text[0];
    const spaceBefore = previous !== undefined && (spaceBehind || spaceAhead || spacedByText(previous.text, text));
    kept.push({ text, start, end, spaceBefore, breakAfter: false, length: 0, ends: null });
    spaceBehind = word.word[word.word.length - 1] !== text[text.length - 1];
  }
  return kept;
}

/**
 * Whisper-style word lists carry their own leading space (" world"); others carry none and
 * expect one between words. Without a space in the data, a word still gets one unless it is
 * punctuation that belongs to its neighbour or both sides are Chinese/Japanese.
 */
function spacedByText(previous: string, text: string): boolean {
  // A word starting with an ASCII letter or digit (most words) is neither: only an opening
  // bracket before it joins them. The Unicode expressions cost more than the rest of a word.
  if (/[A-Za-z0-9]/.test(text[0]!)) return !OPENERS.includes(previous[previous.length - 1]!);
  if (ATTACHES_LEFT.test(text) || ATTACHES_RIGHT.test(previous)) return false;
  return !(NO_SPACE_END.test(previous) && NO_SPACE_START.test(text));
}

/** A transcript editor row: its words as shown, and their [start, end] pairs in whole ms. */
export type Row = { words: readonly string[]; times: readonly number[] | null };

/**
 * The transcript editor's rows as tokens; the last of each row ends a run no cue crosses.
 * Its words are already as subtitles show them (no whitespace inside, times in whole ms),
 * so this skips what tokensFromWords does for a service's words (seconds, trimming, the
 * space a word carries), which cost as much as the cue grouping; the times are made valid
 * the same way. `rowOf[k]` is the row of the k-th row that made tokens.
 */
export function tokensFromRows(rows: readonly Row[], durationMs: number | null): { tokens: Unit[]; rowOf: number[] } {
  const tokens: Unit[] = [];
  const rowOf: number[] = [];
  const limit = durationMs ?? Infinity;
  let previous: Unit | undefined;
  rows.forEach(({ words, times }, r) => {
    if (!times) return;
    const first = tokens.length;
    for (let i = 0; i < words.length; i++) {
      const text = words[i]!;
      if (!text) continue;
      const start = Math.max(Math.min(Math.max(0, times[i * 2]!), limit), previous?.start ?? 0);
      const end = Math.max(start, Math.min(times[i * 2 + 1]!, limit));
      const spaceBefore = previous !== undefined && spacedByText(previous.text, text);
      previous = { text, start, end, spaceBefore, breakAfter: false, length: 0, ends: null };
      tokens.push(previous);
    }
    if (tokens.length > first) {
      previous!.breakAfter = true;
      rowOf.push(r);
    }
  });
  return { tokens, rowOf };
}

/**
 * Segments carry only text and a time span: the span is shared among the text's words in
 * proportion to their length (speech rate is roughly constant within a segment), and
 * Chinese/Japanese runs are cut between characters so that they can be broken into lines.
 */
export function tokensFromSegments(segments: readonly Segment[], durationMs: number | null): Unit[] {
  const kept = segments
    .map((segment) => {
      const start = clampTime(segment.start, durationMs);
      return { text: collapseSpace(segment.text), start, end: Math.max(start, clampTime(segment.end, durationMs)) };
    })
    .filter((segment) => segment.text)
    .sort((a, b) => a.start - b.start);
  return kept.flatMap((segment, i) => {
    // An overlapping segment is cut short so that its words do not interleave with the next.
    const end = Math.min(segment.end, kept[i + 1]?.start ?? Infinity);
    const pieces = segment.text.split(' ').flatMap((word, w) => splitNoSpaceRun(word).map((text, p) => ({ text, spaceBefore: p === 0 && w > 0 })));
    const lengths = pieces.map((piece) => displayLength(piece.text));
    const total = lengths.reduce((sum, length) => sum + length, 0);
    let done = 0;
    return pieces.map((piece, p) => {
      const from = segment.start + Math.round(((end - segment.start) * done) / total);
      done += lengths[p]!;
      const to = segment.start + Math.round(((end - segment.start) * done) / total);
      return { ...piece, start: from, end: to, breakAfter: p === pieces.length - 1, length: lengths[p]!, ends: null };
    });
  });
}

function splitNoSpaceRun(word: string): string[] {
  if (!NO_SPACE_ANY.test(word)) return [word];
  const pieces: string[] = [];
  for (const grapheme of graphemes(word)) {
    const last = pieces.length - 1;
    if (last >= 0 && !breakable(pieces[last]!, grapheme)) pieces[last] += grapheme;
    else pieces.push(grapheme);
  }
  return pieces;
}

/**
 * Tokens (sorted by start) become display units, in place: a word that starts before the
 * previous one ends cuts the previous one short, and tokens written without a space between
 * them are joined into one unit unless a line may break between them.
 */
export function unitsFromTokens(tokens: readonly Unit[]): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    token.end = Math.min(token.end, tokens[i + 1]?.start ?? Infinity);
    const last = units.at(-1);
    if (last && !last.breakAfter && !token.spaceBefore && !breakable(last.text, token.text)) {
      last.text += token.text;
      last.end = token.end;
      last.breakAfter = token.breakAfter;
      last.length = 0;
    } else units.push(token);
  }
  for (const unit of units) {
    // Measured again after a join: a token may start with a mark that combines with the last.
    if (unit.length === 0) unit.length = displayLength(unit.text);
    unit.ends = phraseEnd(unit.text);
  }
  return units;
}

/** Between two Chinese/Japanese characters, except before closing or after opening punctuation. */
function breakable(before: string, after: string): boolean {
  return NO_SPACE_END.test(before) && NO_SPACE_START.test(after) && !ATTACHES_LEFT.test(after) && !ATTACHES_RIGHT.test(before);
}
