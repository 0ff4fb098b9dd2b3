import { z } from 'zod';

/** A row id as the model may write it: "12", or 12 where ids look like numbers. */
const answeredId = z.union([z.string(), z.number()]).transform(String);

/** The JSON answer's shape (Pro): askJson checks it; whether its rows are the rows sent is `answeredRows`'s to say. */
export const batchOutputSchema = z.object({ rows: z.array(z.object({ id: answeredId, text: z.string() })).max(2000) });

/** A plain answer's row line: "[id] text", tolerating a list mark or number before it. */
const LINE = /^\s*(?:[-*•]\s*|\d+[.)]\s*)?\[([^\]\n]{1,80})\]\s?(.*)$/;

/**
 * The rows of a plain numbered answer (Free), read tolerantly: reasoning and a fence were
 * stripped by the request layer; a line that opens no row continues the row before it (a model
 * that wraps a long row) unless a blank line came between, and prose before the first row or
 * after a blank line is left out.
 */
export function numberedRows(answer: string): Array<{ id: string; text: string }> {
  const rows: Array<{ id: string; text: string }> = [];
  // A blank line ends the row: what follows it, until the next "[id]", is the model's own prose
  // ("I hope this helps"), never the last row's text.
  let open = false;
  for (const line of answer.split('\n')) {
    const found = LINE.exec(line);
    if (found) {
      rows.push({ id: found[1]!.trim(), text: found[2]!.trim() });
      open = true;
    } else if (!line.trim()) open = false;
    else if (open) rows.at(-1)!.text += ` ${line.trim()}`;
  }
  return rows;
}

/** Most characters a row's translation may have: a model that runs on is cut here, not kept whole. */
export const capOf = (original: string) => original.length * 4 + 200;

/**
 * Each sent row's translation, when the answer holds exactly the rows sent: the same ids, each
 * once, none empty. Else null (other ids, a row missing, empty, merged or extra): the batch is
 * halved and asked again. Texts are capped per row.
 */
export function answeredRows(sent: ReadonlyArray<{ rowId: string; text: string }>, answered: ReadonlyArray<{ id: string; text: string }>): Map<string, string> | null {
  if (answered.length !== sent.length) return null;
  const wanted = new Map(sent.map((row) => [row.rowId, row.text]));
  const texts = new Map<string, string>();
  for (const { id, text } of answered) {
    const original = wanted.get(id);
    const clean = text.trim();
    if (original === undefined || texts.has(id) || !clean) return null;
    texts.set(id, clean.slice(0, capOf(original)));
  }
  return texts;
}
