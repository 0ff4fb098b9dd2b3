import { describe, expect, it } from 'vitest';
import { closedItems } from '../../../../electron/core/services/transcript-notes/output';

const answer = JSON.stringify({
  items: [
    { section: 'summary', text: 'A brace } and a "quote" {inside}', rows: ['1', 2] },
    { section: 'actions', text: 'Call the supplier', rows: ['3'], owner: 'Anna', due: null },
  ],
});

describe('reading notes items out of a streamed answer', () => {
  it('gives each item once it is closed, whatever braces and quotes its strings hold', () => {
    const cut = answer.indexOf('{"section":"actions"') + 10;
    expect(closedItems(answer.slice(0, cut)).map((item) => item.text)).toEqual(['A brace } and a "quote" {inside}']);
    expect(closedItems(answer)).toEqual([
      { section: 'summary', text: 'A brace } and a "quote" {inside}', rows: ['1', '2'] },
      { section: 'actions', text: 'Call the supplier', rows: ['3'], owner: 'Anna', due: null },
    ]);
  });

  it('skips a preamble, a code fence and reasoning in <think> (braces in it included), and items that do not fit', () => {
    const bad = JSON.stringify({ items: [{ section: 'summary', rows: ['1'] }, { section: 'summary', text: 'Kept', rows: ['1'] }] });
    expect(closedItems(`<think>The shape is {"items": [{"text": "no"}]}</think>\nHere you are:\n\`\`\`json\n${bad}\n\`\`\``).map((item) => item.text)).toEqual(['Kept']);
    // Reasoning still being written shows nothing yet.
    expect(closedItems('<think>First {"items": [{"section": "summary", "text": "no", "rows": []}]}')).toEqual([]);
  });
});
