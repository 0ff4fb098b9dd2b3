import { randomUUID } from 'node:crypto';
import type { NoteTemplate, NotesStretch, UserLine } from '../../../../shared/contract/notes';
import type { StoredItem, StoredNotes } from '../history/notes';
import type { FinishedModelJob } from '../model-jobs/model-job-handler';
import type { NotesRow } from './notes-part';

/** A user's line and the row it was written during (index in the job's rows), so the part holding that row fills it in. */
export type PlacedLine = UserLine & { row: number };

/** What a notes job keeps besides its rows. */
export interface NotesJobContext {
  transcriptId: string;
  template: NoteTemplate;
  userLines: PlacedLine[];
  update: boolean;
}

/** Each line placed at the last row that started before it was written (the first row for a line before any). */
export function placeLines(lines: readonly UserLine[], rows: readonly NotesRow[]): PlacedLine[] {
  return lines.map((line) => {
    let row = 0;
    rows.forEach((each, i) => {
      if (each.startMs !== null && each.startMs <= line.at * 1000) row = i;
    });
    return { ...line, row };
  });
}

/** Consecutive parts sharing `done`, each run as the time it spans (first row's start to last row's end). */
function runs(parts: FinishedModelJob['parts'], done: boolean): NotesStretch[] {
  const groups: NotesRow[][] = [];
  let open = false;
  for (const part of parts) {
    if (part.done !== done) open = false;
    else if (open) groups.at(-1)!.push(...(part.items as NotesRow[]));
    else (groups.push([...(part.items as NotesRow[])]), (open = true));
  }
  return groups.map((rows) => ({ startMs: rows[0]?.startMs ?? null, endMs: rows.at(-1)?.endMs ?? rows.at(-1)?.startMs ?? null }));
}

/**
 * The notes of a job's finished parts, in order: each part's checked items, every line the user
 * wrote kept (filled in or, when the model left it out, as written), the stretches covered, and
 * the ones not covered (parts cancelled or failed). Every row's text is kept as the model saw it
 * (`rowsThen`), so an edit made while the job ran shows as out of date, and an update tells a row
 * edited or made since from one the notes merely left uncited.
 */
export function mergeNotes(job: FinishedModelJob, context: NotesJobContext, createdAt: number): StoredNotes {
  const { template } = context;
  const items = job.parts.filter((part) => part.done).flatMap((part) => part.result as StoredItem[]);
  for (const line of context.userLines) {
    if (items.some((item) => item.userText === line.text)) continue;
    items.push({ id: randomUUID(), section: template.sections[0]!.key, text: '', userText: line.text, owner: null, due: null, rows: [], status: 'unchecked', edited: false });
  }
  const rowsThen = Object.fromEntries(job.parts.flatMap((part) => (part.items as NotesRow[]).map((row) => [row.rowId, row.text] as const)));
  return { transcriptId: context.transcriptId, template, createdAt, items, rowsThen, covers: runs(job.parts, true), notCovered: runs(job.parts, false) };
}
