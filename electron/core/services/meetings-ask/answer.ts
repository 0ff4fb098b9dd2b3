import type { AskCitation, AskClaim, AskPrepared } from '../../../../shared/contract/ask';
import { sourceLabel } from './prompt';

/** A bracket of row labels at a claim's end, as the prompt asks for: [T1/4] or [T1/4, T2/b]. */
const CITATIONS = /\[\s*(T\d+\s*\/\s*[0-9a-z]+(?:\s*[,;]\s*T\d+\s*\/\s*[0-9a-z]+)*)\s*\]/gi;
const LABEL = /T(\d+)\s*\/\s*([0-9a-z]+)/gi;

/**
 * The model's answer as claims, one a line, each with the rows it cites. A label counts only
 * when it names a row that was sent (its transcript's label and its id): a row the model made
 * up, or one of a transcript it never saw, is dropped, so a claim citing nothing real is shown
 * as uncited and never linked to a wrong place. The text is kept as written, labels taken out.
 */
export function parseAnswer(answer: string, prepared: AskPrepared): AskClaim[] {
  const sent = new Map(prepared.rows.map((row) => [`${row.transcriptId}/${row.rowId}`, row]));
  const transcriptOf = new Map(prepared.sources.map((source, i) => [sourceLabel(i), source.transcriptId]));
  const claims: AskClaim[] = [];
  for (const line of answer.split('\n')) {
    const cites = new Map<string, AskCitation>();
    for (const group of line.matchAll(CITATIONS)) {
      for (const [, n, rowId] of group[1]!.matchAll(LABEL)) {
        const row = sent.get(`${transcriptOf.get(`T${Number(n)}`)}/${rowId!.toLowerCase()}`);
        if (row) cites.set(`${row.transcriptId}/${row.rowId}`, { transcriptId: row.transcriptId, rowId: row.rowId, startMs: row.startMs });
      }
    }
    const text = line.replace(CITATIONS, '').replace(/\s+([.,;:!?。！？])/gu, '$1').trim();
    if (text) claims.push({ text, cites: [...cites.values()] });
  }
  return claims;
}
