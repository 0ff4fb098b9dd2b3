import { z } from 'zod';
import { problemSchema } from '../domain/problem';
import { call, stream } from './define';
import { saveOutcomeSchema } from './files';
import { rowIdSchema } from './transcriptEditor';

export const NOTE_TITLE_MAX = 80;
export const NOTE_INSTRUCTION_MAX = 1000;
export const NOTE_SECTIONS_MAX = 12;
/** The longest template text the editor sends: its most sections at their longest, with room for blank lines. */
export const NOTE_TEMPLATE_TEXT_MAX = 20_000;

/**
 * One section of a notes template: its title and what the model is told to write there. `key`
 * is main's: items name their section by it, and it stays while the title does.
 */
export const noteSectionSchema = z.object({
  key: z.string().regex(/^[a-z0-9_]{1,40}$/),
  title: z.string().trim().min(1).max(NOTE_TITLE_MAX),
  instruction: z.string().trim().max(NOTE_INSTRUCTION_MAX),
});

/** A template: sections in order. Built-in ones are main's (read-only); the user's are kept in the history. */
export const noteTemplateSchema = z.object({
  id: z.string().min(1).max(60),
  name: z.string().trim().min(1).max(80),
  builtIn: z.boolean(),
  sections: z.array(noteSectionSchema).min(1).max(NOTE_SECTIONS_MAX),
});

/**
 * A template as the user typed it: main parses the sections (one a line, "Title: what goes
 * there"), keeps the key of each section whose title the template had, and refuses bad input
 * in words. `basedOn`: the template edited, whose keys a copy of it keeps (a built-in one's).
 */
export const templateTextSchema = z.object({
  id: z.string().min(1).max(60),
  name: z.string().trim().min(1).max(80),
  text: z.string().max(NOTE_TEMPLATE_TEXT_MAX),
  basedOn: z.string().optional(),
});

/** A line the user typed while recording (the recorder's notes pad): kept and filled in, never replaced. */
export const userLineSchema = z.object({ text: z.string().trim().min(1).max(2000), at: z.number().min(0) });

/**
 * One item of a transcript's notes as main keeps it. `rows`: the rows it cites (ids in its
 * transcript); `status`: what the citation check found; `startMs`: its first cited row's start,
 * where its link plays from; `userText`: the user's own line this item fills in; `outOfDate`: a
 * cited row was edited (or removed) since the notes were made.
 */
export const noteItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  text: z.string(),
  userText: z.string().nullable(),
  owner: z.string().nullable(),
  due: z.string().nullable(),
  rows: z.array(rowIdSchema),
  startMs: z.number().int().nullable(),
  status: z.enum(['supported', 'unsupported', 'unchecked']),
  edited: z.boolean(),
  outOfDate: z.boolean(),
});

/** A stretch of the recording, from its first row's start to its last row's end (null where a row has no time). */
export const notesStretchSchema = z.object({ startMs: z.number().int().nullable(), endMs: z.number().int().nullable() });

export const transcriptNotesSchema = z.object({
  transcriptId: z.string(),
  template: noteTemplateSchema,
  createdAt: z.number(),
  items: z.array(noteItemSchema),
  /** Some cited row changed after the notes were made: the page offers Update. */
  outOfDate: z.boolean(),
  /** The stretches the notes were made from (a long transcript is made in parts). */
  covers: z.array(notesStretchSchema),
  /** Stretches no notes were made from: parts cancelled or failed (Resume makes them). */
  notCovered: z.array(notesStretchSchema),
});

/** Notes being made: items as they arrive (unchecked yet), then the checked notes as kept, or why not. */
export const notesEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item'), item: noteItemSchema }),
  z.object({ type: z.literal('done'), notes: transcriptNotesSchema }),
  z.object({ type: z.literal('failed'), problem: problemSchema }),
]);

export const notesArea = {
  templates: call(z.void(), z.array(noteTemplateSchema)),
  /** Adds or replaces one of the user's templates from its text (a built-in one is copied under a new id by the page). */
  saveTemplate: call(templateTextSchema, z.array(noteTemplateSchema)),
  /** A transcript's notes, or null when none were made. */
  get: call(z.object({ transcriptId: z.string() }), transcriptNotesSchema.nullable()),
  /**
   * Makes a transcript's notes with a template: a model job of kind "notes" (its progress on
   * modelJobs.watch), followed here until it ends; the stream going away leaves the job running.
   * The user's own lines are main's to read (the transcript's notes pad). `update`: only items
   * whose rows changed are made again; items the user edited are never replaced.
   */
  make: stream(z.object({ transcriptId: z.string(), templateId: z.string(), update: z.boolean().optional() }), notesEventSchema),
  /** The user's own wording of an item: kept as written (marked edited) and never made again. */
  editItem: call(z.object({ transcriptId: z.string(), itemId: z.string(), text: z.string().trim().min(1).max(4000) }), transcriptNotesSchema),
  export: call(z.object({ transcriptId: z.string(), format: z.enum(['md', 'docx']) }), saveOutcomeSchema),
};

export type NoteSection = z.infer<typeof noteSectionSchema>;
export type NoteTemplate = z.infer<typeof noteTemplateSchema>;
export type TemplateText = z.infer<typeof templateTextSchema>;
export type UserLine = z.infer<typeof userLineSchema>;
export type NoteItem = z.infer<typeof noteItemSchema>;
export type NotesStretch = z.infer<typeof notesStretchSchema>;
export type TranscriptNotes = z.infer<typeof transcriptNotesSchema>;
export type NotesEvent = z.infer<typeof notesEventSchema>;
