import type { ModelJob } from '../../../../shared/contract/modelJobs';
import type { NoteItem, NoteTemplate, NotesEvent, TemplateText, TranscriptNotes, UserLine } from '../../../../shared/contract/notes';
import { Problem, problemOf } from '../../../../shared/domain/problem';
import type { NotesTable, StoredItem, StoredNotes } from '../history/notes';
import type { TranscriptRowIndex } from '../history/transcript-rows';
import type { ModelJobQueue } from '../model-jobs/model-job-queue';
import type { ModelRequests } from '../model-requests/model-requests';
import { checkCitation, citableTexts } from '../citations/citation-check';
import { type NotesJobContext, mergeNotes, placeLines } from './notes-merge';
import { type NotesRow, askNotesPart } from './notes-part';
import { sectionsFromText } from './template-text';
import { BUILT_IN_TEMPLATES } from './templates';

/** The kind of model job notes run as (model-jobs/). */
export const NOTES_JOB = 'notes';
/**
 * Characters of rows in one part at most, whatever the model takes: a 3-hour meeting goes in a
 * few parts, so progress shows and a part lost to a crash or a refusal costs little.
 */
export const NOTES_PART_CHARS = 48_000;

type Row = ReturnType<TranscriptRowIndex['rowsOf']>[number];
const ENDED = new Set(['done', 'cancelled', 'failed']);

/** The most templates of their own a user keeps (a new one past it is refused; one kept can still be changed). */
const MAX_OWN_TEMPLATES = 50;

export interface MakeInput {
  transcriptId: string;
  templateId: string;
  update?: boolean;
}

export interface NotesDeps {
  notes: NotesTable;
  rows: Pick<TranscriptRowIndex, 'rowsOf'>;
  /** The lines the user typed while recording it (the transcript's notes pad), main's to read. */
  userLines(transcriptId: string): UserLine[];
  models: Pick<ModelRequests, 'askJson'>;
  jobs: Pick<ModelJobQueue, 'register' | 'add' | 'onEvent' | 'results' | 'list' | 'remove' | 'cancel'>;
  now?: () => number;
}

/** A transcript's notes: made by the model from its rows in a model job, every item's citations checked, kept beside it. */
export function createNotesService(deps: NotesDeps) {
  const now = deps.now ?? Date.now;
  const templates = (): NoteTemplate[] => [...BUILT_IN_TEMPLATES, ...deps.notes.templates()];
  /** Each page following a notes job, by job id: items as they close, and the end. */
  const followers = new Map<string, { emit(event: NotesEvent): void; ended(job: ModelJob): void }>();

  /** An item as the page sees it: where its link plays from, and whether a cited row changed since. */
  const view = (item: StoredItem, rows: ReadonlyMap<string, Row>, rowsThen: Record<string, string>): NoteItem => ({
    ...item,
    startMs: item.rows.map((id) => rows.get(id)?.startMs).find((ms) => ms !== undefined && ms !== null) ?? null,
    outOfDate: item.rows.some((id) => rows.get(id)?.text !== rowsThen[id]),
  });

  /**
   * The notes as the page sees them: out of date once the transcript is edited after them, any
   * row edited, added or removed (its rows now against every row's text then), cited or not; each
   * item out of date when a row it cites changed.
   */
  function viewOf(stored: StoredNotes): TranscriptNotes {
    const rows = new Map(deps.rows.rowsOf(stored.transcriptId).map((row) => [row.rowId, row]));
    const items = stored.items.map((item) => view(item, rows, stored.rowsThen));
    const { transcriptId, template, createdAt, covers, notCovered, rowsThen } = stored;
    // Every row reading as it did, and as many rows: none added, none removed.
    const edited = rows.size !== Object.keys(rowsThen).length || [...rows.values()].some((row) => row.text !== rowsThen[row.rowId]);
    return { transcriptId, template, createdAt, items, outOfDate: edited || items.some((item) => item.outOfDate), covers, notCovered };
  }

  const stored = (transcriptId: string) => {
    const notes = deps.notes.get(transcriptId);
    if (!notes) throw new Problem('notes.none');
    return notes;
  };

  /**
   * An update: items still true to their rows and items the user edited stay as they are; of the
   * new items, only those citing a row edited or made since (its text then differs or is unknown)
   * take the place of the out-of-date ones: a row merely left out before brings nothing twice.
   */
  function updated(before: StoredNotes, fresh: StoredItem[]): StoredItem[] {
    const rows = new Map(deps.rows.rowsOf(before.transcriptId).map((row) => [row.rowId, row]));
    const changed = (id: string) => rows.get(id)?.text !== before.rowsThen[id];
    const kept = before.items.filter((item) => item.edited || !item.rows.some(changed));
    return [...kept, ...fresh.filter((item) => item.rows.some(changed))];
  }

  /** Keeps what a job's finished parts made; nothing when no part finished (the notes before stay). */
  function keep(job: Parameters<typeof mergeNotes>[0]) {
    if (!job.parts.some((part) => part.done)) return;
    const context = job.context as NotesJobContext;
    const notes = mergeNotes(job, context, now());
    const before = context.update ? deps.notes.get(context.transcriptId) : null;
    // The rows then are the rows the update read (all of them, as it was made): a row removed since
    // the notes before is no longer among them, so it does not leave the notes out of date for good.
    deps.notes.put(before ? { ...notes, items: updated(before, notes.items) } : notes);
  }

  deps.jobs.register(NOTES_JOB, {
    run(part, io) {
      const context = part.context as NotesJobContext;
      const userLines = context.userLines.filter((line) => line.row >= part.from && line.row < part.to);
      return askNotesPart(deps.models, {
        template: context.template,
        rows: part.items as NotesRow[],
        userLines,
        model: part.model,
        signal: io.signal,
        onText: io.onText,
        onItem: (item) => followers.get(part.jobId)?.emit({ type: 'item', item: { ...item, startMs: (part.items as NotesRow[]).find((row) => row.rowId === item.rows[0])?.startMs ?? null, outOfDate: false } }),
      });
    },
    finish: keep,
    size: (row) => (row as NotesRow).text.length + ((row as NotesRow).speaker?.length ?? 0) + 12,
  });

  // Cancel keeps what is done, and so does a failure: the parts finished become the notes, naming the rest as not covered.
  const ends = new Map<string, string>();
  deps.jobs.onEvent((event) => {
    if (event.type !== 'job' || event.job.kind !== NOTES_JOB || !event.job.subject) return;
    const { job } = event;
    if (!ENDED.has(job.state)) return void ends.delete(job.id);
    if (ends.get(job.id) === job.state) return;
    ends.set(job.id, job.state);
    if (job.state !== 'done') keep(deps.jobs.results(job.id));
    followers.get(job.id)?.ended(job);
  });

  /** Starts the job: the rows as they now read, the user's lines placed among them. Earlier notes jobs of the transcript go. */
  function start(input: MakeInput): ModelJob {
    const template = templates().find((each) => each.id === input.templateId);
    if (!template) throw new Problem('notes.template_gone');
    const rows: NotesRow[] = deps.rows.rowsOf(input.transcriptId);
    if (!rows.length) throw new Problem('notes.no_rows');
    for (const old of deps.jobs.list().filter((job) => job.kind === NOTES_JOB && job.subject === input.transcriptId)) {
      if (old.state === 'running' || old.state === 'queued') deps.jobs.cancel(old.id);
      else deps.jobs.remove(old.id);
    }
    const context: NotesJobContext = { transcriptId: input.transcriptId, template, userLines: placeLines(deps.userLines(input.transcriptId), rows), update: input.update ?? false };
    return deps.jobs.add({ kind: NOTES_JOB, subject: input.transcriptId, items: rows, context, partSize: NOTES_PART_CHARS });
  }

  /** The job's end as the page hears it: the notes kept (all or the parts done), or why not. */
  function endEvent(job: ModelJob, transcriptId: string): NotesEvent {
    const notes = deps.notes.get(transcriptId);
    if (job.state === 'done' || (job.state === 'cancelled' && notes)) return notes ? { type: 'done', notes: viewOf(notes) } : { type: 'failed', problem: { code: 'notes.unreadable', values: {} } };
    if (job.state === 'cancelled') return { type: 'failed', problem: { code: 'notes.stopped', values: {} } };
    if (job.problem) return { type: 'failed', problem: job.problem };
    const failure = job.failure;
    return { type: 'failed', problem: { code: 'notes.request_failed', values: { kind: failure?.kind ?? 'http', status: failure?.status ?? '', detail: failure?.message || failure?.reason || '' } } };
  }

  return {
    templates,
    /**
     * Saves one of the user's templates from its text. `shown`: a template as the page showed it
     * (a built-in one in the user's words), so titles typed as shown keep their keys.
     */
    saveTemplate(input: TemplateText, shown: (template: NoteTemplate) => NoteTemplate = (template) => template) {
      if (BUILT_IN_TEMPLATES.some((each) => each.id === input.id)) throw new Problem('notes.template_built_in');
      // The page is not trusted to keep their number sane: each new id would be one more row, read by every Notes panel.
      const own = deps.notes.templates();
      if (own.length >= MAX_OWN_TEMPLATES && !own.some((each) => each.id === input.id)) throw new Problem('notes.too_many_templates', { max: MAX_OWN_TEMPLATES });
      const before = own.find((each) => each.id === input.id) ?? templates().find((each) => each.id === input.basedOn);
      deps.notes.saveTemplate({ id: input.id, name: input.name, sections: sectionsFromText(input.text, before ? shown(before).sections : []) });
      return templates();
    },
    get(transcriptId: string): TranscriptNotes | null {
      const notes = deps.notes.get(transcriptId);
      return notes && viewOf(notes);
    },
    /**
     * Makes (or updates) the notes as a model job and follows it, streaming items as they come;
     * every way it ends is an event. The stream going away leaves the job running in main.
     */
    async make(input: MakeInput, ctx: { signal: AbortSignal; emit(event: NotesEvent): void }) {
      let jobId: string | null = null;
      try {
        const job = start(input);
        jobId = job.id;
        const end = await new Promise<ModelJob | null>((resolve) => {
          followers.set(job.id, { emit: ctx.emit, ended: resolve });
          ctx.signal.addEventListener('abort', () => resolve(null), { once: true });
        });
        if (end) ctx.emit(endEvent(end, input.transcriptId));
      } catch (error) {
        if (ctx.signal.aborted) return;
        ctx.emit({ type: 'failed', problem: problemOf(error) ?? { code: 'notes.failed', values: { detail: String(error) } } });
      } finally {
        if (jobId) followers.delete(jobId);
      }
    },
    editItem(transcriptId: string, itemId: string, text: string): TranscriptNotes {
      const notes = stored(transcriptId);
      if (!notes.items.some((item) => item.id === itemId)) throw new Problem('notes.item_gone');
      // The user's wording is checked against the rows it cites as the model's was, so its status says what it now says.
      const texts = citableTexts(deps.rows.rowsOf(transcriptId));
      const items = notes.items.map((item) => (item.id === itemId ? { ...item, text, edited: true, status: checkCitation({ text, rows: item.rows }, texts) } : item));
      deps.notes.put({ ...notes, items });
      return viewOf({ ...notes, items });
    },
    /** The notes as kept, for an export. */
    stored,
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
