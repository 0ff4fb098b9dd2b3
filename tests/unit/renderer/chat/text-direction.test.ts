import { describe, expect, it } from 'vitest';
import { textDirection } from '../../../../renderer/chat/text-direction';

describe('a field’s text direction', () => {
  it('follows the first letter, past digits, spaces and punctuation', () => {
    expect(textDirection('مرحبًا، كيف حالك؟')).toBe('rtl');
    expect(textDirection('  42. שלום')).toBe('rtl');
    expect(textDirection('Hello مرحبًا')).toBe('ltr');
    expect(textDirection('「こんにちは」')).toBe('ltr');
  });

  it('leaves a field without letters to the page', () => {
    expect(textDirection('')).toBeUndefined();
    expect(textDirection('123 — 456')).toBeUndefined();
  });

  it('reads only the start of a very long text', () => {
    expect(textDirection(`${' '.repeat(2000)}مرحبًا`)).toBeUndefined();
    expect(textDirection('x'.repeat(1_000_000))).toBe('ltr');
  });
});
