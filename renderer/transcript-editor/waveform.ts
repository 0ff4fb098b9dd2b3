/**
 * The waveform's data and its regions, apart from the drawing: main's peaks taken in chunks,
 * and which rows get a region. Only the rows near the view do: a three-hour transcript has
 * thousands, and wavesurfer's regions each follow every scroll.
 */
import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import { api } from '../api';

export interface Peaks {
  /** [highs, lows] in -1…1: wavesurfer draws the first channel above the line, the second below. */
  channels: [Float32Array, Float32Array];
  duration: number;
}

/** The recording's peaks, or null when its transcript kept no recording. */
export async function loadPeaks(id: string): Promise<Peaks | null> {
  const first = await api.transcriptEditor.waveform({ id, from: 0 });
  if (!first) return null;
  const { windows, windowMs } = first;
  const highs = new Float32Array(windows);
  const lows = new Float32Array(windows);
  const take = ({ from, peaks }: { from: number; peaks: string }) => {
    const bytes = Uint8Array.from(atob(peaks), (char) => char.charCodeAt(0));
    const pairs = new Int8Array(bytes.buffer);
    for (let i = 0; i * 2 < pairs.length; i++) {
      lows[from + i] = pairs[i * 2]! / 127;
      highs[from + i] = pairs[i * 2 + 1]! / 127;
    }
    return from + pairs.length / 2;
  };
  const size = take(first) - first.from;
  const rest: number[] = [];
  for (let from = size; size > 0 && from < windows; from += size) rest.push(from);
  // The chunks after the first at once: each is read from main's file in a few milliseconds.
  const chunks = await Promise.all(rest.map((from) => api.transcriptEditor.waveform({ id, from })));
  chunks.forEach((chunk) => chunk && take(chunk));
  return { channels: [highs, lows], duration: (windows * windowMs) / 1000 };
}

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
  const endOf = (block: EditorBlock) => (block.times?.at(-1) ?? -Infinity) / 1000;
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (endOf(blocks[mid]!) < from) low = mid + 1;
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
