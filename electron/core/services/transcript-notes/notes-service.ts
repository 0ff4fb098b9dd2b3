import { randomUUID } from 'node:crypto';
import type { WireMessage } from '../../../../shared/domain/chat';
import type { NoteItem, NoteTemplate, NotesEvent, TranscriptNotes, UserLine } from '../../../../shared/contract/notes';
import { Problem, problemOf } from '../../../../shared/domain/problem';
import type { NotesTable, StoredItem, StoredNotes } from '../history/notes';
import type { TranscriptRowIndex } from '../history/transcript-rows';
import { checkCitation } from './citation-check';
import { type NotesItemOutput, closedItems } from './output';
import { notesMessages, retryMessages } from './prompt';
import { BUILT_IN_TEMPLATES } from './templates';

/**
 * The one call to the model: messages in, the reply's text out, its pieces handed to `onText`
 * as they come. Injected, so the model-request layer (JSON mode, tolerant parsing, splitting
 * what is too long, jobs that resume) takes it over without the notes knowing.
 */
export type AskModel = (messages: WireMessage[], options: { signal: AbortSignal; onText(text: string): void }) => Promise<string>;

type Row = ReturnType<TranscriptRowIndex['rowsOf']>[number];

/** The most templates of their own a user keeps (a new one past it is refused; one kept can still be changed). */
const MAX_OWN_TEMPLATES = 50;

/** Each row's text as an item is checked against: its speaker's name included, so "Anna will call" is supported by Anna's row. */
const rowTexts = (rows: readonly Row[]) => new Map(rows.map((row) => [row.rowId, row.speaker ? `${row.speaker}: ${row.text}` : row.text]));

export interface MakeInput {
  transcriptId: string;
  templateId: string;
  userLines?: UserLine[];
  update?: boolean;
}

/** A transcript's notes: made by the model from its rows, every item's citations checked, kept beside it. */
export function createNotesService(deps: { notes: NotesTable; rows: Pick<TranscriptRowIndex, 'rowsOf'>; ask: AskModel; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const templates = (): NoteTemplate[] => [...BUILT_IN_TEMPLATES, ...deps.notes.templates()];

  /** An item as the page sees it: where its link plays from, and whether a cited row changed since. */
  const view = (item: StoredItem, rows: ReadonlyMap<string, Row>, rowsThen: Record<string, string>): NoteItem => ({
    ...item,
    startMs: item.rows.map((id) => rows.get(id)?.startMs).find((ms) => ms !== undefined && ms !== null) ?? null,
    outOfDate: item.rows.some((id) => rows.get(id)?.text !== rowsThen[id]),
  });

  function viewOf(stored: StoredNotes): TranscriptNotes {
    const rows = new Map(deps.rows.rowsOf(stored.transcriptId).map((row) => [row.rowId, row]));
    const items = stored.items.map((item) => view(item, rows, stored.rowsThen));
    return { transcriptId: stored.transcriptId, template: stored.template, createdAt: stored.createdAt, items, outOfDate: items.some((item) => item.outOfDate) };
  }

  const stored = (transcriptId: string) => {
    const notes = deps.notes.get(transcriptId);
    if (!notes) throw new Problem('notes.none');
    return notes;
  };

  /** Asks the model and reads its items, passing each on as soon as it is closed in the stream. */
  async function askItems(messages: WireMessage[], signal: AbortSignal, onItem: (item: NotesItemOutput) => void): Promise<NotesItemOutput[]> {
    let text = '';
    let shown = 0;
    const reply = await deps.ask(messages, {
      signal,
      onText(piece) {
        text += piece;
        const items = closedItems(text);
        for (; shown < items.length; shown++) onItem(items[shown]!);
      },
    });
    const items = closedItems(reply);
    if (!items.length && reply.trim() && !/"items"\s*:\s*\[\s*\]/.test(reply)) throw new Problem('notes.unreadable');
    return items;
  }

  async function make(input: MakeInput, signal: AbortSignal, emit: (event: NotesEvent) => void) {
    const template = templates().find((each) => each.id === input.templateId);
    if (!template) throw new Problem('notes.template_gone');
    const rows = deps.rows.rowsOf(input.transcriptId);
    if (!rows.length) throw new Problem('notes.no_rows');
    const texts = rowTexts(rows);
    const byId = new Map(rows.map((row) => [row.rowId, row]));
    const userLines = input.userLines ?? [];
    const before = input.update ? deps.notes.get(input.transcriptId) : null;

    const toItem = (output: NotesItemOutput): StoredItem => {
      const line = output.userLine ? userLines[output.userLine - 1] : undefined;
      return {
        id: randomUUID(),
        section: template.sections.some((section) => section.key === output.section) ? output.section : template.sections[0]!.key,
        text: output.text,
        userText: line?.text ?? null,
        owner: output.owner || null,
        due: output.due || null,
        rows: output.rows,
        status: checkCitation(output, texts),
        edited: false,
      };
    };
    // Shown as it arrives, checked already; a failed one may still be replaced by the request made again.
    const shownAs = (item: StoredItem) => emit({ type: 'item', item: { ...view(item, byId, {}), outOfDate: false } });

    const messages = notesMessages(template, rows, userLines);
    let items = (await askItems(messages, signal, (output) => shownAs(toItem(output)))).map(toItem);

    // A failed item is asked for once more, numbered; only the answer carrying its number may
    // replace it (a model may skip or reorder), and what is not answered supported stays, unsupported.
    const failed = items.filter((item) => item.status === 'unsupported');
    if (failed.length) {
      const again = await askItems(retryMessages(messages, failed), signal, () => undefined);
      items = items.map((item) => {
        const answer = failed.includes(item) ? again.find((each) => each.retry === failed.indexOf(item) + 1) : undefined;
        const redone = answer && toItem(answer);
        return redone && redone.status !== 'unsupported' ? { ...redone, userText: item.userText } : item;
      });
    }

    // Every line the user wrote stays, filled in or, when the model left it out, as written.
    userLines.forEach((line, i) => {
      if (items.some((item) => item.userText === line.text)) return;
      items.push({ id: randomUUID(), section: template.sections[0]!.key, text: '', userText: userLines[i]!.text, owner: null, due: null, rows: [], status: 'unchecked', edited: false });
    });

    if (before) items = updated(before, items, byId);
    const rowsThen = Object.fromEntries(rows.map((row) => [row.rowId, row.text]));
    const notes: StoredNotes = { transcriptId: input.transcriptId, template, createdAt: now(), items, rowsThen };
    deps.notes.put(notes);
    return viewOf(notes);
  }

  /**
   * An update: items still true to their rows and items the user edited stay as they are; of the
   * new items, only those citing a row edited or made since (its text then differs or is unknown)
   * take the place of the out-of-date ones: a row merely left out before brings nothing twice.
   */
  function updated(before: StoredNotes, fresh: StoredItem[], rows: ReadonlyMap<string, Row>): StoredItem[] {
    const changed = (id: string) => rows.get(id)?.text !== before.rowsThen[id];
    const kept = before.items.filter((item) => item.edited || !item.rows.some(changed));
    return [...kept, ...fresh.filter((item) => item.rows.some(changed))];
  }

  return {
    templates,
    saveTemplate(template: Omit<NoteTemplate, 'builtIn'>) {
      if (BUILT_IN_TEMPLATES.some((each) => each.id === template.id)) throw new Problem('notes.template_built_in');
      // The page is not trusted to keep their number sane: each new id would be one more row, read by every Notes panel.
      const own = deps.notes.templates();
      if (own.length >= MAX_OWN_TEMPLATES && !own.some((each) => each.id === template.id)) throw new Problem('notes.too_many_templates', { max: MAX_OWN_TEMPLATES });
      deps.notes.saveTemplate(template);
      return templates();
    },
    get(transcriptId: string): TranscriptNotes | null {
      const notes = deps.notes.get(transcriptId);
      return notes && viewOf(notes);
    },
    /** Makes (or updates) the notes, streaming items as they come; every way it ends is an event. */
    async make(input: MakeInput, ctx: { signal: AbortSignal; emit(event: NotesEvent): void }) {
      try {
        ctx.emit({ type: 'done', notes: await make(input, ctx.signal, ctx.emit) });
      } catch (error) {
        if (ctx.signal.aborted) return;
        ctx.emit({ type: 'failed', problem: problemOf(error) ?? { code: 'notes.failed', values: { detail: String(error) } } });
      }
    },
    editItem(transcriptId: string, itemId: string, text: string): TranscriptNotes {
      const notes = stored(transcriptId);
      if (!notes.items.some((item) => item.id === itemId)) throw new Problem('notes.item_gone');
      // The user's wording is checked against the rows it cites as the model's was, so its status says what it now says.
      const texts = rowTexts(deps.rows.rowsOf(transcriptId));
      const items = notes.items.map((item) => (item.id === itemId ? { ...item, text, edited: true, status: checkCitation({ text, rows: item.rows }, texts) } : item));
      deps.notes.put({ ...notes, items });
      return viewOf({ ...notes, items });
    },
    /** The notes as kept, for an export. */
    stored,
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
