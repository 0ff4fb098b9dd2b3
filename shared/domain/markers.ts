import type { Marker, NoteLine } from './transcript';

/** A marker as shown: its number among the transcript's markers (from 1, in time order), and the item it goes before. */
export interface PlacedMarker {
  marker: Marker;
  number: number;
  /** The index of the paragraph or row it is shown before; the item count: after the last. */
  before: number;
}

/** For each time (in order), how many of the items starting at `starts` start at or before it (an item without a time: all of them). */
function startedBy(starts: ArrayLike<number | null>, times: readonly number[]): number[] {
  let item = 0;
  return times.map((at) => {
    while (item < starts.length && (starts[item] ?? -Infinity) <= at) item++;
    return item;
  });
}

/**
 * Where markers show among paragraphs or rows that start at `starts` (seconds, in order; null
 * for one without a time): after the item they fall in, before the first that starts later.
 * The transcript's page, the editor and the text export place them alike with this.
 */
export function placeMarkers(starts: ArrayLike<number | null>, markers: readonly Marker[]): PlacedMarker[] {
  // Numbered in time order: "Marker 2" is the second one heard, however they were stored.
  const sorted = [...markers].sort((a, b) => a.at - b.at);
  const before = startedBy(
    starts,
    sorted.map((marker) => marker.at),
  );
  return sorted.map((marker, i) => ({ marker, number: i + 1, before: before[i]! }));
}

/**
 * The notes-pad lines each paragraph or row shows beside it, by time: those written while it was
 * said (from its start to the next one's), the ones written before the first with the first; in
 * time order, lines of one time in the pad's order. Attached by time alone, so any rows do.
 */
export function notesByItem(starts: ArrayLike<number | null>, notes: readonly NoteLine[]): NoteLine[][] {
  const byItem: NoteLine[][] = Array.from({ length: starts.length }, () => []);
  if (!starts.length) return byItem;
  const sorted = [...notes].sort((a, b) => a.at - b.at);
  startedBy(
    starts,
    sorted.map((line) => line.at),
  ).forEach((count, i) => byItem[Math.max(0, count - 1)]!.push(sorted[i]!));
  return byItem;
}
