import type { NoteItem, NoteTemplate, NotesEvent, TemplateText, TranscriptNotes } from '../../shared/contract/notes';
import type { ModelJob } from '../../shared/contract/modelJobs';
import type { ProblemData } from '../../shared/domain/problem';
import { api } from '../api';
import { watchModelJob } from '../api/model-job-watch';

/** What the Notes panel shows: the notes kept, or those being made (items as they arrive), or why not. */
export type NotesState =
  | { status: 'loading' }
  | { status: 'ready'; notes: TranscriptNotes | null; problem: ProblemData | null }
  | { status: 'making'; notes: TranscriptNotes | null; items: NoteItem[] };

/**
 * Asks main to make (or update) a transcript's notes and passes each event on. Subscribed
 * before the start, so no event is missed; returns the stop (the panel going away cancels it).
 */
export function makeNotes(input: { transcriptId: string; templateId: string; update?: boolean }, apply: (event: NotesEvent) => void): () => void {
  let streamId: string | null = null;
  let stopped = false;
  const early: Array<{ id: string; event: NotesEvent }> = [];
  const unsubscribe = api.notes.make.subscribe((message) => {
    if (streamId === null) early.push(message);
    else if (message.id === streamId) apply(message.event);
  });
  void api.notes.make.start(input).then(
    ({ id }) => {
      if (stopped) return void api.notes.make.cancel(id);
      streamId = id;
      for (const message of early.splice(0)) if (message.id === id) apply(message.event);
    },
    () => apply({ type: 'failed', problem: { code: 'notes.failed', values: { detail: '' } } }),
  );
  return () => {
    stopped = true;
    unsubscribe();
    if (streamId) void api.notes.make.cancel(streamId);
  };
}

/** The latest notes job of a transcript on main's model-job watch (model-job-watch.ts). */
export const watchNotesJob = (transcriptId: string, show: (job: ModelJob | null) => void, ended: () => void) =>
  watchModelJob((job) => job.kind === 'notes' && job.subject === transcriptId, show, ended);

export { cancelModelJob as cancelNotesJob, resumeModelJob as resumeNotesJob } from '../api/model-job-watch';

/** The sections a template's notes are shown under, each with its items in order; empty ones left out. */
export function bySection(template: NoteTemplate, items: readonly NoteItem[]) {
  return template.sections.map((section) => ({ ...section, items: items.filter((item) => item.section === section.key) })).filter((section) => section.items.length);
}

/** A template's sections as the editor shows them, one a line (main parses the text back: template-text.ts). */
export const sectionsAsText = (template: NoteTemplate) => template.sections.map((section) => `${section.title}: ${section.instruction}`).join('\n');

/** The templates to pick from and the transcript's notes (null when none were made). */
export const loadNotes = (transcriptId: string) => Promise.all([api.notes.templates(), api.notes.get({ transcriptId })]);
export const editNoteItem = (transcriptId: string, itemId: string, text: string) => api.notes.editItem({ transcriptId, itemId, text });
export const saveNoteTemplate = (template: TemplateText) => api.notes.saveTemplate(template);
export const exportNotes = (transcriptId: string, format: 'md' | 'docx') => api.notes.export({ transcriptId, format });
