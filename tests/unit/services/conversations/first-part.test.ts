import { decode, encode, encodeGenerator } from 'gpt-tokenizer';
import { describe, expect, it, vi } from 'vitest';
import { firstPartLength, withFirstPart, withKeptParts } from '../../../../electron/core/services/conversations/first-part';

// "Send the beginning" cuts a held item on a token boundary; the part is always the text's own
// beginning, so a part kept as a length (firstChars) is the same part on every later Send.

// What the tokenizer is handed is watched: cutting the beginning of a 100 MB paste on main must not encode all of it.
vi.mock('gpt-tokenizer', async (importOriginal) => {
  const original = await importOriginal<typeof import('gpt-tokenizer')>();
  return { ...original, encode: vi.fn(original.encode), encodeGenerator: vi.fn(original.encodeGenerator) };
});
const longestEncoded = () => Math.max(0, ...[...vi.mocked(encode).mock.calls, ...vi.mocked(encodeGenerator).mock.calls].map(([text]) => text.length));

/** The cut as encoding the whole text finds it: the part's length in characters (the decoder flushed around it, as first-part.ts does). */
function wholeCut(text: string, tokens: number): number {
  const all = encode(text);
  if (all.length <= tokens) return text.length;
  decode(encode('𓀀'));
  const part = decode(all.slice(0, tokens));
  decode(encode('𓀀'));
  let length = 0;
  while (length < part.length && part.charCodeAt(length) === text.charCodeAt(length)) length++;
  return length;
}

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

  it('is cut from a bounded beginning of a long text, where encoding it whole finds it', () => {
    // Prose, code, runs of blank lines and spaces, CJK, emoji and a long run of one character: where a prefix could tokenize otherwise.
    const pieces = ['The harbour master wrote: ', 'function ok() {\n  return 42;\n}\n', '\n\n\n   \t\n', '日本語のテキストと句読点。', '🫠🫨 𓀀', '='.repeat(300), 'ABCDEFGHIJK lowercase', "it's they'll 1234567 ", '       \n x'];
    const text = Array.from({ length: 4000 }, (_, i) => pieces[(i * 7) % pieces.length]).join('');
    for (const tokens of [1, 7, 64, 333, 1000, 2500]) expect(firstPartLength(text, tokens), `${tokens} tokens`).toBe(wholeCut(text, tokens));
    expect(firstPartLength('Short.', 100)).toBe(6);
  });

  it('never hands the tokenizer much more than the part it cuts, however long the text', () => {
    const text = 'The annual report goes on, chapter after chapter, about the harbour.\n'.repeat(30_000);
    vi.mocked(encode).mockClear();
    vi.mocked(encodeGenerator).mockClear();
    const chars = firstPartLength(text, 1000);
    expect(chars).toBeGreaterThan(3000);
    expect(longestEncoded()).toBeLessThan(20 * chars);
    expect(longestEncoded()).toBeLessThan(text.length / 50);
  });
});

describe('a text that names a special token', () => {
  // `<|endoftext|>` in a pasted document is the user's text: counted and cut as text, never a refusal.
  const text = `Tokenizers mark the end with <|endoftext|> and ${'more words '.repeat(40)}`;
  it('is counted and cut like any other text', async () => {
    const { countTokens } = await import('../../../../electron/core/services/tokenizer/tokenizer');
    const { heldTokens } = await import('../../../../electron/core/services/held/token-count');
    expect(countTokens(text)).toBeGreaterThan(40);
    expect(heldTokens(text)).toBe(countTokens(text));
    const cut = firstPartLength(text, 30);
    expect(text.slice(0, cut)).toContain('<|endoftext|>');
  });
});
