import { describe, expect, it } from 'vitest';
import { itemsSoFar } from '../../../../electron/core/services/transcript-notes/output';

const answer = JSON.stringify({
  items: [
    { section: 'summary', text: 'A brace } and a "quote" {inside}', rows: ['1', 2] },
    { section: 'actions', text: 'Call the supplier', rows: ['3'], owner: 'Anna', due: null },
  ],
});

// The notes' streamed items are read by model-requests' partial parse (model-reply.ts), one reader for every feature.
describe('reading notes items out of a streamed answer', () => {
  it('gives each item once the next has begun, whatever braces and quotes its strings hold, and all at the end', () => {
    const cut = answer.indexOf('{"section":"actions"') + 10;
    expect(itemsSoFar(answer.slice(0, cut), false).map((item) => item?.text)).toEqual(['A brace } and a "quote" {inside}']);
    expect(itemsSoFar(answer, true)).toEqual([
      { section: 'summary', text: 'A brace } and a "quote" {inside}', rows: ['1', '2'] },
      { section: 'actions', text: 'Call the supplier', rows: ['3'], owner: 'Anna', due: null },
    ]);
  });

  it('skips a preamble, a code fence and reasoning in <think> (braces in it included); an item that does not fit is null in its place', () => {
    const bad = JSON.stringify({ items: [{ section: 'summary', rows: ['1'] }, { section: 'summary', text: 'Kept', rows: ['1'] }] });
    expect(itemsSoFar(`<think>The shape is {"items": [{"text": "no"}]}</think>\nHere you are:\n\`\`\`json\n${bad}\n\`\`\``, true).map((item) => item?.text ?? null)).toEqual([null, 'Kept']);
    // Reasoning still being written shows nothing yet.
    expect(itemsSoFar('<think>First {"items": [{"section": "summary", "text": "no", "rows": []}]}', false)).toEqual([]);
  });
});
