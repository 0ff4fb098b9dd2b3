import { describe, expect, it } from 'vitest';
import { snippetParts } from '../../../../renderer/history/snippet';

describe('search snippet parts', () => {
  it('turns the U+E000…U+E001 markers into matches, keeping the text between as plain text', () => {
    expect(snippetParts('…the \uE000Fresnel\uE001 lens and a \uE000fresnel\uE001…')).toEqual([
      { text: '…the ', match: false },
      { text: 'Fresnel', match: true },
      { text: ' lens and a ', match: false },
      { text: 'fresnel', match: true },
      { text: '…', match: false },
    ]);
  });

  it('keeps markup as text, never as anything else', () => {
    expect(snippetParts('<img src=x onerror=alert(1)> \uE000quokka\uE001')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: 'quokka', match: true },
    ]);
  });

  it('drops a marker without its partner instead of showing it', () => {
    expect(snippetParts('a \uE000cut off')).toEqual([
      { text: 'a ', match: false },
      { text: 'cut off', match: false },
    ]);
    expect(snippetParts('stray\uE001 end')).toEqual([{ text: 'stray end', match: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});
