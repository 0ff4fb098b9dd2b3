import type { Marker } from './transcript';

/** A marker as shown: its number among the transcript's markers (from 1, in time order), and the item it goes before. */
export interface PlacedMarker {
  marker: Marker;
  number: number;
  /** The index of the paragraph or row it is shown before; the item count: after the last. */
  before: number;
}

/**
 * Where markers show among paragraphs or rows that start at `starts` (seconds, in order; null
 * for one without a time): after the item they fall in, before the first that starts later.
 * The transcript's page, the editor and the text export place them alike with this.
 */
export function placeMarkers(starts: ArrayLike<number | null>, markers: readonly Marker[]): PlacedMarker[] {
  // Numbered in time order: "Marker 2" is the second one heard, however they were stored.
  const numbered = [...markers].sort((a, b) => a.at - b.at).map((marker, i) => ({ marker, number: i + 1 }));
  const placed: PlacedMarker[] = [];
  let item = 0;
  for (const { marker, number } of numbered) {
    while (item < starts.length && (starts[item] ?? -Infinity) <= marker.at) item++;
    placed.push({ marker, number, before: item });
  }
  return placed;
}
