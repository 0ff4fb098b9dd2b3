/**
 * A bracket of row ids as Ask about this transcript's prompt asks for them ([4] or [4, 7]): the
 * page turns each into a citation (renderer/chat/markdown/citations.ts) and main checks each
 * (services/transcript-ask/reply-citations.ts), so both read the same brackets.
 */
export const ROW_BRACKET = /\[\s*([0-9a-z]{1,12}(?:\s*,\s*[0-9a-z]{1,12})*)\s*\]/g;

/** The ids a bracket names, in its order, as one key ("4,7") for main's verdict on it. */
export const bracketIds = (inner: string) => inner.split(',').map((id) => id.trim());
export const citationKey = (ids: readonly string[]) => ids.join(',');
