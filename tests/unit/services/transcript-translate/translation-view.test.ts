import { describe, expect, it } from 'vitest';
import type { StoredTranslation } from '../../../../electron/core/services/history/translations';
import { translationView } from '../../../../electron/core/services/transcript-translate/translation-view';

// The page shows what main sends: each row's original text as main read it (a Japanese row
// joined without spaces) and the target's direction by the same rule export uses.
const stored = (language: string): StoredTranslation => ({
  transcriptId: 't1',
  language,
  createdAt: 0,
  glossary: [],
  synopsis: null,
  jobId: null,
  rows: new Map([['r1', { rowId: 'r1', text: 'Hello world.', status: 'translated', edited: false, source: 'こんにちは、世界。' }]]),
});
const originals = [
  { rowId: 'r1', text: 'こんにちは、世界。', speaker: null, startMs: 0, endMs: 2000 },
  { rowId: 'r2', text: '二行目です。', speaker: null, startMs: 2000, endMs: 4000 },
];

describe("a translation's view", () => {
  it("carries each row's original text as main reads it, pending rows too", () => {
    expect(translationView(stored('en'), originals, null).rows.map((row) => [row.original, row.status])).toEqual([
      ['こんにちは、世界。', 'translated'],
      ['二行目です。', 'pending'],
    ]);
  });

  it('says whether the target is written right to left, by its script', () => {
    expect(['ar', 'he', 'ckb', 'dv', 'en', 'ja', 'pt-BR'].map((language) => translationView(stored(language), originals, null).rtl)).toEqual([
      true, true, true, true, false, false, false,
    ]);
  });
});
