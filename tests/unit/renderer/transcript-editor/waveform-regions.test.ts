import { describe, expect, it } from 'vitest';
import type { EditorBlock } from '../../../../shared/contract/transcriptEditor';
import { MAX_REGIONS, movedEdge, rowsInView } from '../../../../renderer/transcript-editor/wave-regions';

// Which rows of a long transcript get a region in the waveform, and which edge a drag moved.

/** `count` rows of a second each, a fifth of a second apart, the third without timings. */
const rows = (count: number): EditorBlock[] =>
  Array.from({ length: count }, (_, i) => ({ id: String(i + 1), speaker: null, words: ['word'], times: i === 2 ? null : [i * 1200, i * 1200 + 1000] }));

describe("the waveform's regions", () => {
  it('are the timed rows overlapping the view, found by bisection in a three-hour transcript', () => {
    const long = rows(9000);
    // From 6,000.5 s to 6,003 s, an hour and a half in.
    const spans = rowsInView(long, 6000.5, 6003)!;
    expect(spans.map((span) => span.index)).toEqual([5000, 5001, 5002]);
    expect(spans[0]).toEqual({ id: '5001', index: 5000, start: 6000, end: 6001 });
    // The row without timings has no region.
    expect(rowsInView(long, 0, 4)!.map((span) => span.index)).toEqual([0, 1, 3]);
  });

  it('are none when more rows than can be dragged are in view: zoom in first', () => {
    expect(rowsInView(rows(9000), 0, 10_800)).toBeNull();
    // Rows 1 to 149 start by then, all but the untimed third: 148, one region each.
    expect(rowsInView(rows(9000), 0, (MAX_REGIONS - 2) * 1.2)).toHaveLength(MAX_REGIONS - 2);
  });

  it('says which edge a drag moved, in whole milliseconds', () => {
    const row = { id: '1', index: 0, start: 1, end: 2 };
    expect(movedEdge(row, 1.2344, 2)).toEqual({ edge: 'start', ms: 1234 });
    expect(movedEdge(row, 1, 1.8)).toEqual({ edge: 'end', ms: 1800 });
    expect(movedEdge(row, 1.0002, 2)).toBeNull();
  });
});
