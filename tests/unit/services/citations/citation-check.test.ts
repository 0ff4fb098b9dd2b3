import { describe, expect, it } from 'vitest';
import { checkCitation, citableTexts, contentWords } from '../../../../electron/core/services/citations/citation-check';
import { checkedClaims } from '../../../../electron/core/services/meetings-ask/answer';
import { replyCitations } from '../../../../electron/core/services/transcript-ask/reply-citations';

const rows = new Map([
  ['1', 'Ana: El café del presupuesto se aprobó ayer.'],
  ['2', 'Ben: We go to it now and do it.'],
  ['3', '我们今天讨论了预算的问题。'],
  ['4', 'Ben: The BUDGET for October is approved.'],
  ['5', '来週までに報告書を送ります。'],
]);

describe('citation check', () => {
  it('folds case and accents: "cafe" and "Café", "budget" and "BUDGET" are one word', () => {
    expect(checkCitation({ text: 'Cafe costs were discussed', rows: ['1'] }, rows)).toBe('supported');
    expect(checkCitation({ text: 'The budget passed', rows: ['4'] }, rows)).toBe('supported');
    expect(contentWords('Café RÉSUMÉ naïve')).toEqual(new Set(['cafe', 'resume', 'naive']));
  });

  it('counts only words of four letters or more in alphabetic scripts', () => {
    // Every word the row and the item share ("we", "go", "to", "it", "now", "do") is shorter than four letters.
    expect(checkCitation({ text: 'We go to it now', rows: ['2'] }, rows)).toBe('unsupported');
    expect(contentWords('we go to it now')).toEqual(new Set());
  });

  it('cuts CJK into words, so a two-character word such as 预算 is shared', () => {
    expect(checkCitation({ text: '预算已经批准', rows: ['3'] }, rows)).toBe('supported');
    expect(checkCitation({ text: '天气很好', rows: ['3'] }, rows)).toBe('unsupported');
    expect(checkCitation({ text: '報告書は来週', rows: ['5'] }, rows)).toBe('supported');
  });

  it('marks an item written in another language than its rows unchecked, not unsupported', () => {
    expect(checkCitation({ text: 'The report will be sent next week', rows: ['5'] }, rows)).toBe('unchecked');
    expect(checkCitation({ text: '预算已经批准', rows: ['4'] }, rows)).toBe('unchecked');
  });

  it('fails an item citing a row that does not exist, or none', () => {
    expect(checkCitation({ text: 'The budget for October is approved', rows: ['zz'] }, rows)).toBe('unsupported');
    expect(checkCitation({ text: 'The budget for October is approved', rows: [] }, rows)).toBe('unsupported');
    expect(checkCitation({ text: 'The budget for October is approved', rows: ['4', 'zz'] }, rows)).toBe('unsupported');
  });

  it('fails an item whose rows exist but share no content word with it', () => {
    expect(checkCitation({ text: 'Quarterly zebra migration postponed', rows: ['4'] }, rows)).toBe('unsupported');
  });
});

describe('a citation checked against its rows', () => {
  const anna = { rowId: '1', startMs: 0, speaker: 'Anna', text: 'We meet again on Monday morning.' };
  const claim = 'Anna signed the contract';

  it('is not supported by the speaker\'s name alone: only the row\'s words count (notes, Ask across meetings, Ask about this transcript)', () => {
    expect(checkCitation({ text: claim, rows: ['1'] }, citableTexts([anna]))).toBe('unsupported');
    const prepared = { askId: 'a', question: 'q', sources: [{ transcriptId: 't', fileName: 'm.mp3', createdAt: 1 }], rows: [{ ...anna, transcriptId: 't' }] };
    expect(checkedClaims({ claims: [{ text: claim, cites: ['T1/1'] }] }, prepared)[0]!.status).toBe('unsupported');
    expect(replyCitations(`${claim} [1].`, [anna])[0]!.status).toBe('unsupported');
    // The row's own words still support it.
    expect(replyCitations('Anna said we meet on Monday [1].', [anna])[0]!.status).toBe('supported');
  });
});
