import { z } from 'zod';

/** A cited row id as the model may write it: "12", or 12 (a number where ids look like numbers). */
const citedRow = z.union([z.string(), z.number()]).transform(String);

/**
 * The shape the model is asked for, in one place: the prompt describes it, the stream is read
 * by it, and the structured-output request (JSON mode) will be handed it. Unknown fields are
 * dropped; an item that does not fit is left out of the stream and counted as missing.
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
export const notesOutputSchema = z.object({ items: z.array(notesItemOutputSchema).max(400) });

export type NotesItemOutput = z.infer<typeof notesItemOutputSchema>;

/**
 * The items of `{"items": [ {…}, {…}, … ` that are closed so far, so each can be shown as it
 * arrives. Hand-rolled: no streaming JSON reader is among the dependencies, and this needs only
 * to know where an object of the items array ends (brackets and braces outside strings). Text
 * before the first brace (a preamble, a code fence) and reasoning in <think> are skipped.
 */
export function closedItems(answer: string): NotesItemOutput[] {
  // Reasoning a model writes first (<think>…</think>, still open while it streams) may hold braces of its own.
  const text = answer.replace(/<think>[\s\S]*?(<\/think>|$)/g, '');
  const items: NotesItemOutput[] = [];
  const open: string[] = [];
  let inString = false;
  let escaped = false;
  let start = -1;
  for (let i = text.indexOf('{'); i >= 0 && i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (char === '{' && open.length === 2 && open[1] === '[') start = i;
      open.push(char);
    } else if (char === '}' || char === ']') {
      open.pop();
      if (char === '}' && open.length === 2 && start >= 0) {
        const item = readItem(text.slice(start, i + 1));
        if (item) items.push(item);
        start = -1;
      }
      if (!open.length) break;
    }
  }
  return items;
}

function readItem(json: string): NotesItemOutput | null {
  try {
    const parsed = notesItemOutputSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
