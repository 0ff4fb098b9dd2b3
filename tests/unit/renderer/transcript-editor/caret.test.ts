import { describe, expect, it } from 'vitest';
import { offsetOfWord, wordAtOffset } from '../../../../renderer/transcript-editor/player';

describe('the caret in a row being edited', () => {
  it('splits before the word the caret is in or before', () => {
    const text = 'Bilal asked Anna';
    expect(wordAtOffset(text, 0)).toBe(0);
    expect(wordAtOffset(text, 6)).toBe(1);
    expect(wordAtOffset(text, 8)).toBe(1);
    expect(wordAtOffset(text, 5)).toBe(1);
    expect(wordAtOffset(text, text.length)).toBe(3);
    expect(wordAtOffset('  a   b ', 5)).toBe(1);
  });

  it('puts the caret where a clicked word starts, or at the end', () => {
    const words = ['Bilal', 'asked', 'Anna'];
    expect(offsetOfWord(words, 0)).toBe(0);
    expect(offsetOfWord(words, 2)).toBe(12);
    expect(offsetOfWord(words, 'end')).toBe(16);
  });
});
