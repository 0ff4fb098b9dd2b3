/**
 * What makes a long recording's parts read as one transcript: each part's prompt carries the
 * end of the part before it (the service reads a prompt as the text that came before).
 */

/** About 200 tokens of context from the previous part; words stand in for tokens. */
export const PROMPT_TAIL_WORDS = 200;
/** The contract's limit on a prompt. */
export const PROMPT_MAX_CHARS = 4000;

/** The last `count` words of a text, spacing normalised. */
export function transcriptTail(text: string, count = PROMPT_TAIL_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.slice(Math.max(0, words.length - count)).join(' ');
}

/**
 * The prompt of one part: the user's own prompt, then the end of the previous part's
 * transcript, joined by a space (a line break would reach the service as CRLF: form fields
 * normalise it). When both do not fit the contract's limit, the oldest words of the tail give
 * way; the user's prompt never does.
 */
export function partPrompt(userPrompt: string, previousText: string | null, maxChars = PROMPT_MAX_CHARS): string {
  const own = userPrompt.trim();
  if (!previousText) return own;
  const words = transcriptTail(previousText).split(' ').filter(Boolean);
  const room = maxChars - own.length - (own ? 1 : 0);
  let tail = words.join(' ');
  while (tail.length > room && words.length) {
    words.shift();
    tail = words.join(' ');
  }
  if (!tail) return own;
  return own ? `${own} ${tail}` : tail;
}
