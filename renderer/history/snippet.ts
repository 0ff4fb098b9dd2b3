/** Main marks each matched word in a snippet with these private-use characters. */
const MATCH_START = '\uE000';
const MATCH_END = '\uE001';

export interface SnippetPart {
  text: string;
  match: boolean;
}

/**
 * Splits a search snippet at its markers, so matches can be rendered as elements and the
 * text itself is never parsed as HTML. A marker without its partner is dropped, not shown.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of snippet.split(MATCH_START).entries()) {
    const end = piece.indexOf(MATCH_END);
    const [match, rest] = index > 0 && end !== -1 ? [piece.slice(0, end), piece.slice(end + 1)] : ['', piece];
    if (match) parts.push({ text: match, match: true });
    const plain = rest.replaceAll(MATCH_END, '');
    if (plain) parts.push({ text: plain, match: false });
  }
  return parts;
}
