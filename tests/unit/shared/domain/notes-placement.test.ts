import { describe, expect, it } from 'vitest';
import { notesByItem, placeMarkers } from '../../../../shared/domain/markers';

// The notes-pad lines beside a transcript: each with the paragraph or row said while it was
// written, by time alone, as markers are placed between them.

const STARTS = [0, 2.5, 5.3];

describe('notes beside the rows', () => {
  it('go with the row said while they were written, in time order, the first row taking any written before it', () => {
    const notes = [
      { at: 5.02, text: 'Steel is late' },
      { at: 2.5, text: 'Budget' },
      { at: 9, text: 'Questions' },
      { at: 5.02, text: 'then this' },
    ];
    expect(notesByItem(STARTS, notes)).toEqual([[], [{ at: 2.5, text: 'Budget' }, { at: 5.02, text: 'Steel is late' }, { at: 5.02, text: 'then this' }], [{ at: 9, text: 'Questions' }]]);
    expect(notesByItem([1, 3], [{ at: 0.2, text: 'before the first words' }])).toEqual([[{ at: 0.2, text: 'before the first words' }], []]);
    expect(notesByItem([], [{ at: 1, text: 'x' }])).toEqual([]);
  });

  it('sit beside the row a marker of the same time follows', () => {
    const [marker] = placeMarkers(STARTS, [{ at: 5.02, label: '' }]);
    const byRow = notesByItem(STARTS, [{ at: 5.02, text: '◆ Marker 1' }]);
    expect(byRow[marker!.before - 1]).toEqual([{ at: 5.02, text: '◆ Marker 1' }]);
  });
});
