import { describe, expect, it } from 'vitest';
import type { EditorDocument, EditIntent } from '../../../../shared/contract/transcriptEditor';
import { patchFor } from '../../../../electron/core/services/transcript-editor/intents';
import { rowCounter } from '../../../../electron/core/services/transcript-editor/row-ids';

// A row edge dragged in the waveform: main snaps it to a word edge near the drop, and keeps
// the neighbours from overlapping, whatever the page sent.

const document = (): EditorDocument => ({
  speakers: [],
  blocks: [
    { id: '1', speaker: null, words: ['Hello', 'there.'], times: [0, 400, 450, 900] },
    { id: '2', speaker: null, words: ['Anna', 'said'], times: [1500, 1800, 1900, 2300] },
  ],
});

const edges = (intent: EditIntent) => {
  const patch = patchFor(document(), intent, 3000, rowCounter(3));
  return patch?.ranges.flatMap((range) => range.insert.map((block) => [block.id, block.times![0], block.times!.at(-1)]));
};

describe('a row edge dropped from the waveform', () => {
  it("lands on the nearest word edge within the snap distance: the row's own, or its neighbour's", () => {
    // 1780 is 20 ms from the end of "Anna", the row's first word.
    expect(edges({ type: 'setTime', block: 1, edge: 'start', ms: 1780, snap: 40 })).toEqual([['2', 1800, 2300]]);
    // 930 is 30 ms from the end of the previous row's last word: the row now starts where that pause begins.
    expect(edges({ type: 'setTime', block: 1, edge: 'start', ms: 930, snap: 40 })).toEqual([['2', 900, 2300]]);
    // The end, dropped 20 ms before the next row's first word: the row now ends where that pause ends.
    expect(edges({ type: 'setTime', block: 0, edge: 'end', ms: 1480, snap: 40 })).toEqual([['1', 0, 1500]]);
  });

  it('stays where it was dropped when no word edge is that near, or without snapping', () => {
    expect(edges({ type: 'setTime', block: 1, edge: 'start', ms: 1200, snap: 40 })).toEqual([['2', 1200, 2300]]);
    expect(edges({ type: 'setTime', block: 1, edge: 'start', ms: 1480 })).toEqual([['2', 1480, 2300]]);
  });

  it('never overlaps the neighbour: an edge dragged into it moves the boundary for both', () => {
    expect(edges({ type: 'setTime', block: 0, edge: 'end', ms: 1700, snap: 40 })).toEqual([
      ['1', 0, 1700],
      ['2', 1700, 2300],
    ]);
    // Past the neighbour's first word: the boundary stops at that word's end, never past it.
    expect(edges({ type: 'setTime', block: 0, edge: 'end', ms: 2100, snap: 40 })).toEqual([
      ['1', 0, 1800],
      ['2', 1800, 2300],
    ]);
  });
});
