/**
 * Which rows get a region in the waveform, and what a drag did to one. Only the rows near the
 * view do: a three-hour transcript has thousands, and wavesurfer's regions each follow every scroll.
 */
import type { EditorBlock } from '../../shared/contract/transcriptEditor';

/** More rows in view than this and a region's edges are too close to drag: zoom in first. */
export const MAX_REGIONS = 150;

export interface RowSpan {
  id: string;
  index: number;
  start: number;
  end: number;
}

/**
 * The timed rows overlapping [from, to] (seconds), or null when there are more than
 * MAX_REGIONS. Rows are in time order, so the first is found by bisection.
 */
export function rowsInView(blocks: readonly EditorBlock[], from: number, to: number): RowSpan[] | null {
  // A row without timings ends where the last timed row before it does, so the ends stay in order for the bisection.
  const endBy = (index: number) => {
    for (let i = index; i >= 0; i--) {
      const times = blocks[i]!.times;
      if (times?.length) return times.at(-1)! / 1000;
    }
    return -Infinity;
  };
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (endBy(mid) < from) low = mid + 1;
    else high = mid;
  }
  const spans: RowSpan[] = [];
  for (let index = low; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (!block.times?.length) continue;
    const start = block.times[0]! / 1000;
    if (start > to) break;
    if (spans.length === MAX_REGIONS) return null;
    spans.push({ id: block.id, index, start, end: block.times.at(-1)! / 1000 });
  }
  return spans;
}

/** The edge a drag moved, and where to, in whole milliseconds; null when it moved neither. */
export function movedEdge(row: RowSpan, start: number, end: number): { edge: 'start' | 'end'; ms: number } | null {
  const startMs = Math.round(start * 1000);
  const endMs = Math.round(end * 1000);
  if (startMs !== Math.round(row.start * 1000)) return { edge: 'start', ms: startMs };
  if (endMs !== Math.round(row.end * 1000)) return { edge: 'end', ms: endMs };
  return null;
}
