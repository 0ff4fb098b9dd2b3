import { randomUUID } from 'node:crypto';
import type { NoteTemplate, UserLine } from '../../../../shared/contract/notes';
import type { StoredItem } from '../history/notes';
import type { ModelOutcome, ModelRequests } from '../model-requests/model-requests';
import { checkCitation, citableTexts } from '../citations/citation-check';
import { type NotesItemOutput, itemsSoFar, notesOutputSchema } from './output';
import { notesMessages, retryMessages } from './prompt';
import { addedUsage } from '../model-requests/usage';

/** A transcript row as a notes job keeps it: what the prompt shows and where it is in the audio. */
export interface NotesRow {
  rowId: string;
  speaker: string | null;
  text: string;
  startMs: number | null;
  endMs: number | null;
}

export interface NotesPartAsk {
  template: NoteTemplate;
  rows: readonly NotesRow[];
  /** The user's lines written during these rows: the model fills each in. */
  userLines: readonly UserLine[];
  model: string;
  signal: AbortSignal;
  onText(text: string): void;
  /** Each item as soon as it is closed in the stream, checked already. */
  onItem(item: StoredItem): void;
}

/**
 * One part of a transcript's notes: its rows asked through askJson (JSON mode on Pro, the tolerant
 * reader on Free), items passed on as they close in the stream, every citation checked, and the
 * failed ones asked for once more, numbered; what still fails is kept, marked unsupported, never dropped.
 */
export async function askNotesPart(models: Pick<ModelRequests, 'askJson'>, ask: NotesPartAsk): Promise<ModelOutcome<StoredItem[]>> {
  const { template, userLines } = ask;
  const texts = citableTexts(ask.rows);
  const toItem = (output: NotesItemOutput): StoredItem => ({
    id: randomUUID(),
    section: template.sections.some((section) => section.key === output.section) ? output.section : template.sections[0]!.key,
    text: output.text,
    userText: (output.userLine && userLines[output.userLine - 1]?.text) || null,
    owner: output.owner || null,
    due: output.due || null,
    rows: output.rows,
    status: checkCitation(output, texts),
    edited: false,
  });

  const messages = notesMessages(template, ask.rows, userLines);
  let text = '';
  const items: StoredItem[] = [];
  // Raw positions in the answer, so an item that does not fit is skipped once, not shown later as another.
  let read = 0;
  const take = (outputs: Array<NotesItemOutput | null>) => {
    for (; read < outputs.length; read++) {
      const output = outputs[read];
      if (!output) continue;
      const item = toItem(output);
      items.push(item);
      ask.onItem(item);
    }
  };
  const first = await models.askJson({
    messages,
    schema: notesOutputSchema,
    model: ask.model,
    signal: ask.signal,
    onText(piece) {
      ask.onText(piece);
      text += piece;
      // An item can only have closed in a piece holding a brace: the answer is parsed again only then.
      if (piece.includes('}')) take(itemsSoFar(text, false));
    },
  });
  if (!first.ok) return first;
  take(first.value.items);
  // Cut off by the token cap: the runner halves a part of two rows or more and asks again
  // (run-model-job.ts), so re-asking this answer's failed items would be spent on items about to
  // be replaced. A part of one row keeps what its answer held, checked and re-asked as any.
  if (first.truncated && ask.rows.length > 1) return { ...first, value: items };

  const failed = items.filter((item) => item.status === 'unsupported');
  if (!failed.length) return { ...first, value: items };
  const again = await models.askJson({ messages: retryMessages(messages, failed), schema: notesOutputSchema, model: ask.model, signal: ask.signal });
  if (!again.ok) return again.failure ? { ...first, value: items } : again;
  // Only the answer carrying a failed item's number may replace it (a model may skip or reorder);
  // what is not answered supported stays, unsupported.
  const answers = again.value.items.filter((output) => output !== null);
  const value = items.map((item) => {
    const index = failed.indexOf(item);
    const answer = index >= 0 ? answers.find((output) => output.retry === index + 1) : undefined;
    const better = answer && toItem(answer);
    return better && better.status !== 'unsupported' ? { ...better, userText: item.userText } : item;
  });
  return { ...first, value, usage: addedUsage(first.usage, again.usage) };
}
