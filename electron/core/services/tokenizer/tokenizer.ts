import * as gpt from 'gpt-tokenizer';

/**
 * gpt-tokenizer (o200k) with special tokens read as plain text. Its default throws on text such
 * as `<|endoftext|>`: here every text is a user's words, a document or a transcript, where such a
 * string is data (a message about tokenizers could not be counted, so not sent), never a control token.
 */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

export const countTokens = (text: string) => gpt.countTokens(text, AS_TEXT);
export const encode = (text: string) => gpt.encode(text, AS_TEXT);
export const encodeGenerator = (text: string) => gpt.encodeGenerator(text, AS_TEXT);
export const { decode } = gpt;
