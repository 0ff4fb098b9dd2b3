import { z } from 'zod';
import { readPartialJson } from '../model-requests/model-reply';

/** A cited row id as the model may write it: "12", or 12 (a number where ids look like numbers). */
const citedRow = z.union([z.string(), z.number()]).transform(String);

/**
 * The shape of one item, in one place: the prompt describes it, askJson checks the answer by
 * `notesOutputSchema`, and the stream is read by it. Unknown fields are dropped.
 */
export const notesItemOutputSchema = z.object({
  section: z.string().min(1).max(40),
  text: z.string().trim().min(1).max(4000),
  rows: z.array(citedRow).max(50),
  owner: z.string().trim().max(200).nullish(),
  due: z.string().trim().max(200).nullish(),
  /** The number of the user's own line this item fills in (1-based, as listed in the prompt). */
  userLine: z.number().int().positive().nullish(),
  /** In the answer to a retry: the number of the failed item this one is written again for. */
  retry: z.number().int().positive().nullish(),
});

export type NotesItemOutput = z.infer<typeof notesItemOutputSchema>;

/** One item of an answer, or null when it does not fit the shape (left out, counted as missing). */
const itemOrNull = (item: unknown): NotesItemOutput | null => {
  const parsed = notesItemOutputSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
};

/** The answer's shape: an item that does not fit is left out rather than failing every other one. */
export const notesOutputSchema = z.object({ items: z.array(z.unknown()).max(400).transform((items) => items.map(itemOrNull)) });

/**
 * The items of an answer read so far, in the answer's order (null where one does not fit), by
 * model-requests' tolerant partial parse: reasoning in <think> and fences stripped, the rest
 * repaired. While the answer is still coming (`whole` false) the last item may be cut short by
 * the repair, so it is left for the next read.
 */
export function itemsSoFar(text: string, whole: boolean): Array<NotesItemOutput | null> {
  const read = notesOutputSchema.safeParse(readPartialJson(text));
  if (!read.success) return [];
  return whole ? read.data.items : read.data.items.slice(0, -1);
}
