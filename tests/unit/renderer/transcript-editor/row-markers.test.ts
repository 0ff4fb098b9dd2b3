import { describe, expect, it } from 'vitest';
import type { EditorBlock } from '../../../../shared/contract/transcriptEditor';
import { marksByRow } from '../../../../renderer/transcript-editor/row-markers';

const rows: EditorBlock[] = [
  { id: '1', speaker: null, words: ['one', 'two'], times: [0, 400, 500, 900] },
  { id: '2', speaker: null, words: ['three', 'four', 'five'], times: [2000, 2400, 2500, 2900, 3000, 3400] },
];
const starts = Float64Array.from([0, 2000]);
const summary = (marks: ReturnType<typeof marksByRow>) =>
  Object.fromEntries(
    [...marks].map(([row, { before, after, inside }]) => [
      row,
      { before: before.map((each) => each.number), after: after.map((each) => each.number), inside: inside.map((each) => [each.placed.number, each.word]) },
    ]),
  );

describe('markers among the editor rows', () => {
  it('shows each after the row it falls in, signs its word mid-row, and puts the last ones below the last row', () => {
    const marks = marksByRow(rows, starts, [
      { at: 1.5, label: 'between rows' },
      { at: 2.7, label: 'mid-row' },
      { at: 9, label: '' },
    ]);
    expect(summary(marks)).toEqual({
      1: { before: [1], after: [2, 3], inside: [[2, 2]] },
    });
  });

  it('signs nothing for a marker in the gap after a row', () => {
    const marks = marksByRow(rows, starts, [{ at: 0.95, label: '' }]);
    expect(summary(marks)).toEqual({ 1: { before: [1], after: [], inside: [] } });
  });
});
