import type { ReplyCitation } from '../../../../shared/contract/ask';
import { ROW_BRACKET, bracketIds, citationKey } from '../../../../shared/domain/row-citations';
import { type CitationStatus, checkCitation, citableTexts } from '../citations/citation-check';
import type { PromptRow } from './ask';

/** Code is the answer's own text, never a citation (the page's remark plugin leaves it alone too). */
const CODE = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`/g;
/** Where a claim starts: after a sentence's end or a line break. */
const SENTENCE_END = /[.!?。！？]\s+|\n+/gu;
const RANK: Record<CitationStatus, number> = { supported: 0, unchecked: 1, unsupported: 2 };

/** The claim a bracket ends: the words since the last sentence's end or the bracket before. */
function claimBefore(text: string, from: number, to: number): string {
  const segment = text.slice(from, to);
  let start = 0;
  for (const end of segment.matchAll(SENTENCE_END)) if (end.index + end[0].length < segment.trimEnd().length) start = end.index + end[0].length;
  return segment.slice(start).trim();
}

/**
 * Main's verdict on each bracket of a reply of Ask about this transcript, against the rows as the
 * transcript now reads: checked with services/citations' `checkCitation` (every cited row exists
 * and shares a content word of its own words with the claim; another script is unchecked), as
 * notes and Ask across meetings check theirs. A bracket whose ids the transcript could never have had (row ids count up in base 36,
 * so one above the highest was never given: "[sic]", "[2024]") is the answer's own text. One
 * verdict per bracket's ids: the same ids cited for two claims carry the weaker of their verdicts,
 * since the page renders each bracket by its ids (it parses the reply block by block).
 */
export function replyCitations(content: string, rows: readonly PromptRow[]): ReplyCitation[] {
  const text = content.replace(CODE, (code) => ' '.repeat(code.length));
  const texts = citableTexts(rows);
  const starts = new Map(rows.map((row) => [row.rowId, row.startMs]));
  const highest = Math.max(0, ...rows.map((row) => parseInt(row.rowId, 36)));
  const verdicts = new Map<string, ReplyCitation>();
  let from = 0;
  let claim = '';
  for (const match of text.matchAll(ROW_BRACKET)) {
    const ids = bracketIds(match[1]!);
    // Brackets one after another ("[3] [4]") cite for the same claim.
    claim = claimBefore(text, from, match.index) || claim;
    from = match.index + match[0].length;
    const key = citationKey(ids);
    if (!ids.some((id) => starts.has(id)) && ids.some((id) => parseInt(id, 36) > highest)) {
      verdicts.set(key, { ids, status: 'text', rows: [] });
      continue;
    }
    const status = checkCitation({ text: claim, rows: ids }, texts);
    const before = verdicts.get(key);
    if (before && before.status !== 'text' && RANK[before.status] >= RANK[status]) continue;
    const cited = ids.filter((id) => starts.has(id)).map((rowId) => ({ rowId, startMs: starts.get(rowId)! }));
    verdicts.set(key, { ids, status, rows: cited });
  }
  return [...verdicts.values()];
}
