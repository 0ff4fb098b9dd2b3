import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { firstPartLength, withFirstPart, withKeptParts } from '../../../../electron/core/services/conversations/first-part';

// "Send the beginning" cuts a held item on a token boundary; the part is always the text's own
// beginning, so a part kept as a length (firstChars) is the same part on every later Send.
const item = (text: string, firstChars?: number) => ({ id: 'a', name: 'notes.txt', kind: 'document' as const, text, tokens: encode(text).length, ...(firstChars !== undefined && { firstChars, firstTokens: encode(text.slice(0, firstChars)).length }) });

describe('the first part of a held item', () => {
  it('is a beginning of the text, even where a token ends inside a character', () => {
    // Rare characters: gpt-tokenizer splits their UTF-8 bytes over several tokens.
    const text = 'Zürich — 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ꙮ 🫠🫨 𓀀𓁀 ᚠᛇᚻ 日本語'.repeat(10);
    for (let tokens = 1; tokens < 60; tokens++) {
      const [part] = withFirstPart([item(text)], 'a', tokens);
      expect(text.startsWith(part!.text)).toBe(true);
      expect(part!.text.length).toBe(firstPartLength(text, tokens));
      // Never more than the tokens asked for.
      expect(encode(part!.text).length).toBeLessThanOrEqual(tokens);
    }
  });

  it('is sent again by its length, the rest of the items as they are', () => {
    const text = 'The annual report. '.repeat(100);
    const chars = firstPartLength(text, 10);
    expect(withKeptParts([item(text, chars), { ...item('Whole.'), id: 'b' }]).map((kept) => kept.text)).toEqual([text.slice(0, chars), 'Whole.']);
  });
});
