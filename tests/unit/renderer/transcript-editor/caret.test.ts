import { describe, expect, it } from 'vitest';
import { offsetOfWord, wordAtOffset } from '../../../../shared/domain/words';

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
    const text = 'Bilal asked Anna';
    expect(offsetOfWord(text, 0)).toBe(0);
    expect(offsetOfWord(text, 2)).toBe(12);
    expect(offsetOfWord(text, 'end')).toBe(16);
  });

  it('stands between any two Chinese or Japanese characters, each a word', () => {
    const text = '我们的预算 OK';
    expect(wordAtOffset(text, 2)).toBe(2);
    expect(wordAtOffset(text, 5)).toBe(5);
    expect(offsetOfWord(text, 3)).toBe(3);
    expect(offsetOfWord(text, 5)).toBe(6);
    expect(wordAtOffset('ลาก่อน สวัสดี', 3)).toBe(0);
  });
});
