import { z } from 'zod';
import type { AskClaim, AskPrepared } from '../../../../shared/contract/ask';
import { checkCitation, citableTexts } from '../citations/citation-check';
import { sourceLabel } from './prompt';

/** The answer's shape, asked for as JSON (prompt.ts) and checked by zod in the model-request layer. */
export const modelAnswerSchema = z.object({
  claims: z.array(z.object({ text: z.string(), cites: z.array(z.string()).default([]) })),
});
export type ModelAnswer = z.output<typeof modelAnswerSchema>;

/** A row label, as the prompt writes them: T1/4 (brackets tolerated). */
const LABEL = /^\[?\s*T(\d+)\s*\/\s*([0-9a-z]+)\s*\]?$/i;
/** Labels a model wrote into a claim's text anyway, as plain chat would: [T1/4] or [T1/4, T2/b]. */
const IN_TEXT = /\[\s*(T\d+\s*\/\s*[0-9a-z]+(?:\s*[,;]\s*T\d+\s*\/\s*[0-9a-z]+)*)\s*\]/gi;

/**
 * The model's claims, each checked against the rows it cites as notes' items are
 * (`checkCitation`: every cited row was sent, and shares a content word with the claim). A label
 * naming no row that was sent (made up, or of a transcript it never saw) is never linked, and
 * fails the claim: a claim is shown *not supported* (or *uncited*, citing nothing real), never
 * linked to a wrong place.
 */
export function checkedClaims(answer: ModelAnswer, prepared: AskPrepared): AskClaim[] {
  const key = (transcriptId: string, rowId: string) => `${transcriptId}/${rowId}`;
  const sent = new Map(prepared.rows.map((row) => [key(row.transcriptId, row.rowId), row]));
  const texts = citableTexts(prepared.rows, (row) => key(row.transcriptId, row.rowId));
  const transcriptOf = new Map(prepared.sources.map((source, i) => [sourceLabel(i), source.transcriptId]));
  // A label that names nothing sent stays in the check under a key no row has, so the claim fails.
  const keyOf = (label: string) => {
    const found = LABEL.exec(label.trim());
    const transcriptId = found && transcriptOf.get(`T${Number(found[1])}`);
    return transcriptId ? key(transcriptId, found[2]!.toLowerCase()) : `\0${label}`;
  };
  return answer.claims.flatMap((claim) => {
    const labels = [...claim.cites, ...[...claim.text.matchAll(IN_TEXT)].flatMap((group) => group[1]!.split(/[,;]/))];
    const text = claim.text.replace(IN_TEXT, '').replace(/\s+([.,;:!?。！？])/gu, '$1').trim();
    if (!text) return [];
    const keys = [...new Set(labels.map(keyOf))];
    const cites = keys.flatMap((k) => {
      const row = sent.get(k);
      return row ? [{ transcriptId: row.transcriptId, rowId: row.rowId, startMs: row.startMs }] : [];
    });
    return [{ text, cites, status: checkCitation({ text, rows: keys }, texts) }];
  });
}
