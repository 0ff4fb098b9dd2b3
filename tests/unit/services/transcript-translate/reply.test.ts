import { describe, expect, it } from 'vitest';
import { answeredRows, capOf, numberedRows } from '../../../../electron/core/services/transcript-translate/reply';

// A batch's answer is taken only when it holds exactly the rows sent; Free's numbered lines are read tolerantly.
const sent = [
  { rowId: 'a1', text: 'Good morning.' },
  { rowId: 'a2', text: 'Let us start.' },
  { rowId: 'a3', text: 'Anna has the numbers.' },
];

describe("a batch's answer", () => {
  it('is taken when it holds exactly the rows sent, in any order, trimmed and capped', () => {
    const long = 'x'.repeat(capOf('Let us start.') + 50);
    const texts = answeredRows(sent, [
      { id: 'a3', text: ' Anna hat die Zahlen. ' },
      { id: 'a1', text: 'Guten Morgen.' },
      { id: 'a2', text: long },
    ]);
    expect(texts && [...texts]).toEqual([
      ['a3', 'Anna hat die Zahlen.'],
      ['a1', 'Guten Morgen.'],
      ['a2', 'x'.repeat(capOf('Let us start.'))],
    ]);
  });

  it.each([
    ['a row missing', [{ id: 'a1', text: 'A' }, { id: 'a2', text: 'B' }]],
    ['a row renumbered', [{ id: 'a1', text: 'A' }, { id: 'a2', text: 'B' }, { id: 'a4', text: 'C' }]],
    ['two rows merged', [{ id: 'a1', text: 'A B' }, { id: 'a3', text: 'C' }]],
    ['a row twice', [{ id: 'a1', text: 'A' }, { id: 'a1', text: 'B' }, { id: 'a3', text: 'C' }]],
    ['a row empty', [{ id: 'a1', text: 'A' }, { id: 'a2', text: '  ' }, { id: 'a3', text: 'C' }]],
    ['an extra row', [{ id: 'a1', text: 'A' }, { id: 'a2', text: 'B' }, { id: 'a3', text: 'C' }, { id: 'a5', text: 'D' }]],
  ])('is refused with %s', (_, answered) => {
    expect(answeredRows(sent, answered)).toBeNull();
  });

  it('in numbered lines is read past prose, list marks and a wrapped row', () => {
    const answer = ['Here is the translation:', '1. [a1] Guten Morgen.', '- [a2] Fangen wir', 'an.', '[a3] Anna hat die Zahlen.'].join('\n');
    expect(numberedRows(answer)).toEqual([
      { id: 'a1', text: 'Guten Morgen.' },
      { id: 'a2', text: 'Fangen wir an.' },
      { id: 'a3', text: 'Anna hat die Zahlen.' },
    ]);
  });

  it('in numbered lines ends a row at a blank line: prose after the rows is not part of the last row', () => {
    const answer = ['[a1] Guten Morgen.', '[a2] Fangen wir', 'an.', '', 'I hope this helps! Let me know if you need more.'].join('\n');
    expect(numberedRows(answer)).toEqual([
      { id: 'a1', text: 'Guten Morgen.' },
      { id: 'a2', text: 'Fangen wir an.' },
    ]);
  });
});
