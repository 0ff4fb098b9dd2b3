import { describe, expect, it } from 'vitest';
import { linesOf, retime } from '../../../../renderer/recording/note-lines';

// The notes pad's line times on the page: each line keeps the recording time it was first
// written at through later edits, wherever in the pad the edit is.

/** Types `after` over `before` (lines joined by newlines) at `now`. */
const edit = (before: string, times: number[], after: string, now: number) => retime(before.split('\n'), times, after.split('\n'), now);

describe('the notes pad times each line as it is written', () => {
  it('gives a new line, or a blank line given words, the time it is typed', () => {
    expect(edit('', [0], 'B', 2)).toEqual([2]);
    expect(edit('Budget', [2], 'Budget\n', 4)).toEqual([2, 4]);
    // Enter was pressed at 4 s, the first word typed at 9 s: the line was written at 9 s.
    expect(edit('Budget\n', [2, 4], 'Budget\nS', 9)).toEqual([2, 9]);
  });

  it('keeps the time of a line edited later, and of the lines around an edit', () => {
    expect(edit('Budget\nSteel', [2, 9], 'Budget: 12 %\nSteel', 30)).toEqual([2, 9]);
    // A line typed above others: only it is new.
    expect(edit('Budget\nSteel', [2, 9], 'Budget\nRelease\nSteel', 31)).toEqual([2, 31, 9]);
    // A line split in two: its first half keeps its time, the second is written now.
    expect(edit('Budget Steel', [2], 'Budget\nSteel', 40)).toEqual([2, 40]);
    // A line removed: the others keep theirs.
    expect(edit('Budget\nRelease\nSteel', [2, 31, 9], 'Budget\nSteel', 50)).toEqual([2, 9]);
  });

  it('sends main the lines with words, as typed, in the pad’s order', () => {
    expect(linesOf('Budget\n\n  \nSteel is late ', [2, 3, 4, 9])).toEqual([
      { at: 2, text: 'Budget' },
      { at: 9, text: 'Steel is late ' },
    ]);
  });
});
