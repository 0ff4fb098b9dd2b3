import { z } from 'zod';
import { issueOf } from '../domain/problem';
import { call, stream } from './define';
import { MAX_SPEAKER_NAME_CHARS } from './transcriptEditor';

/**
 * People: who speaks in the user's transcripts, named once and remembered (main keeps them in
 * history.sqlite, so backups carry them). A transcript's speaker may name a person (`person` on
 * the speaker); the user themself is always first (`self`), named as the recorder's name prompt
 * and Settings keep it.
 */
export const personIdSchema = z.string().min(1).max(64);
export const MAX_PERSON_NOTE_CHARS = 500;
/** The most people the list holds (merged ones counted): each change sends it whole to every page. */
export const MAX_PEOPLE = 5_000;

const personName = z
  .string()
  .trim()
  .refine((name) => name !== '', issueOf('people_input.name_missing'))
  .refine((name) => name.length <= MAX_SPEAKER_NAME_CHARS, issueOf('people_input.name_too_long', { max: MAX_SPEAKER_NAME_CHARS }));
/** A colour as `<input type=color>` gives it, kept in lower case so the People page's palette finds it. */
const colour = z
  .string()
  .regex(/^#[0-9a-f]{6}$/i, issueOf('people_input.colour_invalid'))
  .transform((value) => value.toLowerCase());
const note = z
  .string()
  .trim()
  .refine((text) => text.length <= MAX_PERSON_NOTE_CHARS, issueOf('people_input.note_too_long', { max: MAX_PERSON_NOTE_CHARS }));

export const personSchema = z.object({
  id: personIdSchema,
  name: z.string(),
  colour: z.string().nullable(),
  note: z.string().nullable(),
  /** The user themself: first in the list, never merged away. */
  self: z.boolean(),
  /** People merged into this one: a transcript's speaker may still name them, and is this person. */
  merged: z.array(personIdSchema),
});

export const personInputSchema = z.object({ name: personName, colour: colour.nullable().default(null), note: note.nullable().default(null) });

/** A transcript a person speaks in, with their talk time there (main's `talkTime`, as the exports count it). */
export const personTranscriptSchema = z.object({ transcriptId: z.string(), fileName: z.string(), createdAt: z.number(), ms: z.number().int().min(0) });

export const peopleEventSchema = z.object({ type: z.literal('changed'), people: z.array(personSchema) });

export const peopleArea = {
  /** Everyone, the user first, then by name. */
  list: call(z.void(), z.array(personSchema)),
  add: call(personInputSchema, personSchema),
  /**
   * A person's name, colour or note. `pastTranscripts`: whether transcripts where they already
   * speak are renamed too (each one editor step, undoable there); only when the user said so.
   * `only`: a transcript whose linked speakers take the new name though past transcripts do not
   * (the one being edited, "only here and from now on"): one call, so the person is renamed
   * first and a refused name (people.name_taken) leaves both as they were.
   * `transcripts`: how many were renamed.
   */
  edit: call(
    personInputSchema.extend({ id: personIdSchema, pastTranscripts: z.boolean().default(false), only: z.string().min(1).max(200).optional() }),
    z.object({ person: personSchema, transcripts: z.number().int().min(0) }),
  ),
  /** How many transcripts a person speaks in: what the rename's question names. */
  uses: call(z.object({ id: personIdSchema }), z.object({ transcripts: z.number().int().min(0) })),
  /** The transcripts a person (or anyone merged into them) speaks in, newest first, each with their talk time. */
  transcripts: call(z.object({ id: personIdSchema }), z.array(personTranscriptSchema)),
  /** `from` becomes `into` everywhere (list, links, talk time); one step, taken back by `undoMerge`. */
  merge: call(z.object({ from: personIdSchema, into: personIdSchema }), z.void()),
  undoMerge: call(z.object({ from: personIdSchema }), z.void()),
  /** The list as it stands, then again at every change (any window's). */
  watch: stream(z.void(), peopleEventSchema),
};

export type Person = z.infer<typeof personSchema>;
export type PersonInput = z.infer<typeof personInputSchema>;
export type PersonTranscript = z.infer<typeof personTranscriptSchema>;
export type PeopleEvent = z.infer<typeof peopleEventSchema>;
