import { describe, expect, it } from 'vitest';
import { languagesMatching } from '../../../../renderer/common/language-match';

// Both language pickers (the recording's, a translation's target) search with this one helper.
const GERMAN_UI = [
  { code: 'ja', name: 'Japanisch' },
  { code: 'es', name: 'Spanisch' },
  { code: 'pt-BR', name: 'Brasilianisches Portugiesisch' },
  { code: 'pt', name: 'Portugiesisch' },
];

describe('languagesMatching', () => {
  it('finds by the name shown, names starting with the search first, accents and case aside', () => {
    expect(languagesMatching(GERMAN_UI, 'portug').map((l) => l.code)).toEqual(['pt', 'pt-BR']);
    expect(languagesMatching(GERMAN_UI, 'SPANISCH').map((l) => l.code)).toEqual(['es']);
  });

  it('finds by the English name whatever the UI language, and by the exact code', () => {
    expect(languagesMatching(GERMAN_UI, 'japanese').map((l) => l.code)).toEqual(['ja']);
    expect(languagesMatching(GERMAN_UI, 'pt-br').map((l) => l.code)).toEqual(['pt-BR']);
  });

  it('gives the whole list for an empty search', () => {
    expect(languagesMatching(GERMAN_UI, '  ')).toEqual(GERMAN_UI);
  });
});
