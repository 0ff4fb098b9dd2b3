import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import { type PlacedMarker, placeMarkers } from '../../shared/domain/markers';
import type { Marker } from '../../shared/domain/transcript';

/**
 * A row's markers: those shown above it, (the last row's) below it, and a sign before the word
 * of this row where one falls mid-row (its line follows the row; the sign shows the very place).
 */
export interface RowMarks {
  before: PlacedMarker[];
  after: PlacedMarker[];
  inside: Array<{ word: number; placed: PlacedMarker }>;
}

export const NO_MARKS: RowMarks = { before: [], after: [], inside: [] };

/** Each row's markers, by row; `starts` is each row's start in ms (an untimed row's, the one before's). */
export function marksByRow(blocks: readonly EditorBlock[], starts: Float64Array, markers: readonly Marker[]): Map<number, RowMarks> {
  const rows = new Map<number, RowMarks>();
  const entry = (row: number) => rows.get(row) ?? rows.set(row, { before: [], after: [], inside: [] }).get(row)!;
  if (!blocks.length) return rows;
  const last = blocks.length - 1;
  const placed = placeMarkers(
    Array.from(starts, (ms, i) => (blocks[i]!.times ? ms / 1000 : null)),
    markers,
  );
  for (const each of placed) {
    if (each.before > last) entry(last).after.push(each);
    else entry(each.before).before.push(each);
    const times = blocks[each.before - 1]?.times;
    if (!times) continue;
    const ms = each.marker.at * 1000;
    let word = 0;
    while (word < times.length / 2 && times[word * 2]! <= ms) word++;
    if (word < times.length / 2) entry(each.before - 1).inside.push({ word, placed: each });
  }
  return rows;
}
