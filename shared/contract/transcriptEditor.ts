import { z } from 'zod';
import { issueOf } from '../domain/problem';
import { markerSchema } from '../domain/transcript';
import { call, stream } from './define';
import { saveOutcomeSchema } from './files';
import { diskRefusalSchema } from './storage';

/**
 * The transcript editor. Main owns the edited document: the page sends intents (replace a
 * block's text, split a cue, name a speaker…) and main answers with a compact patch the
 * page applies to its copy, so no edit ever re-sends the whole transcript.
 */

/**
 * One editor row (a cue): its words, and their times as one flat array of whole
 * milliseconds [start0, end0, start1, end1, …] — compact on the wire for 13,000 words —
 * or null for a transcript without timings. `speaker` marks where a speaker starts (a
 * speaker's id); null continues the speaker of the rows before. `id`: the row's own, opaque
 * and never reused within its transcript; it stays through edits, the first half of a split
 * and the first row of a merge (docs/architecture/transcript-rows.md), so what cites a row
 * (notes, translations, people) still finds it after the rows around it change.
 */
/** A zoomed-in waveform's stretch read from the recording (`waveformWindow`): three views of at most 10 s. */
export const MAX_WAVEFORM_WINDOW_MS = 30_000;
/** …in at most this many pairs: three of the widest canvas wavesurfer draws (8,000 px). */
export const MAX_WAVEFORM_WINDOW_PAIRS = 24_000;

export const rowIdSchema = z.string().min(1).max(12);

export const editorBlockSchema = z.object({
  id: rowIdSchema,
  speaker: z.string().nullable(),
  words: z.array(z.string()),
  times: z.array(z.number()).nullable(),
});

/** `person`: the person (shared/contract/people.ts) this speaker is, once linked; main keeps it. */
export const speakerSchema = z.object({ id: z.string(), name: z.string(), person: z.string().min(1).max(64).optional() });

export const editorDocumentSchema = z.object({
  blocks: z.array(editorBlockSchema),
  speakers: z.array(speakerSchema),
});

/** Replace `remove` blocks at `at` (an index after the earlier ranges were applied) with `insert`. */
export const blockRangeSchema = z.object({ at: z.number().int().min(0), remove: z.number().int().min(0), insert: z.array(editorBlockSchema) });

/** What one edit changed: block ranges in order, and the whole speaker list when it changed. */
export const editorPatchSchema = z.object({ ranges: z.array(blockRangeSchema), speakers: z.array(speakerSchema).nullable() });

export const editorStateSchema = z.object({
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /** Whether the document differs from the service's original result. */
  edited: z.boolean(),
});

// A row's place: no transcript nears a million rows (a 3-hour meeting has a few thousand); main checks the document's own count.
const block = z.number().int().min(0).max(1_000_000);
/** The longest speaker name, and the longest text to find or to put in its place (the fields stop there too). */
export const MAX_SPEAKER_NAME_CHARS = 80;
export const MAX_FIND_CHARS = 500;

const speakerName = z
  .string()
  .trim()
  .refine((name) => name !== '', issueOf('editor_input.speaker_name_missing'))
  .refine((name) => name.length <= MAX_SPEAKER_NAME_CHARS, issueOf('editor_input.speaker_name_too_long', { max: MAX_SPEAKER_NAME_CHARS }));

export const findOptionsSchema = z.object({
  find: z
    .string()
    .refine((find) => find !== '', issueOf('editor_input.find_missing'))
    .refine((find) => find.length <= MAX_FIND_CHARS, issueOf('editor_input.find_too_long', { max: MAX_FIND_CHARS })),
  caseSensitive: z.boolean(),
  wholeWord: z.boolean(),
});

export const editIntentSchema = z.discriminatedUnion('type', [
  /**
   * The block's text as the user typed it; main re-times only the words that changed. `was`:
   * the block's text the typing was made over (what the page last sent or showed of it), so a
   * block another window changed meanwhile is refused, not written over, whatever version the
   * page counted on. Deliberate overwrites (Use mine) name the text they replace.
   */
  z.object({ type: z.literal('text'), block, text: z.string().max(100_000), was: z.string().max(100_000).optional() }),
  /** A new block starting at word `word` (≥ 1) of `block`. */
  z.object({ type: z.literal('split'), block, word: z.number().int().min(1) }),
  /** The block and the next become one. */
  z.object({ type: z.literal('merge'), block }),
  /** Move the block's start or end by `ms` (the keyboard's nudge). */
  z.object({ type: z.literal('nudge'), block, edge: z.enum(['start', 'end']), ms: z.number().int().min(-60_000).max(60_000) }),
  /**
   * Put the block's start or end at `ms` (the playhead, or a region's edge dragged in the
   * waveform). `snap`: main moves it to the nearest word edge of the row or its neighbour
   * within that many ms (the waveform's few pixels at its zoom).
   */
  z.object({ type: z.literal('setTime'), block, edge: z.enum(['start', 'end']), ms: z.number().int().min(0), snap: z.number().int().min(0).max(5_000).optional() }),
  /**
   * A speaker starts at this block: an existing speaker's id, a person (shared/contract/people.ts),
   * a new one by name (a person of that name is linked, or remembered as a new person), or none.
   * With `to`, rows `block`…`to` are that speaker's and the row after keeps its own: the
   * keyboard's assignment of the current row or a selection, one step.
   */
  z.object({
    type: z.literal('speaker'),
    block,
    to: block.optional(),
    speaker: z.union([z.object({ id: z.string() }), z.object({ person: z.string().min(1).max(64) }), z.object({ name: speakerName }), z.null()]),
  }),
  z.object({ type: z.literal('renameSpeaker'), speaker: z.string(), name: speakerName }),
  /** Every block of `from` becomes `into`'s; `from` disappears. */
  z.object({ type: z.literal('mergeSpeakers'), from: z.string(), into: z.string() }),
  findOptionsSchema.extend({
    type: z.literal('replaceAll'),
    replace: z.string().refine((replace) => replace.length <= MAX_FIND_CHARS, issueOf('editor_input.replace_too_long', { max: MAX_FIND_CHARS })),
  }),
]);

export const editorExportFormatSchema = z.enum(['srt', 'vtt', 'txt', 'md', 'json', 'docx']);

/** The subtitle rules are not among them: main uses the user's (settings.subtitleRules). */
export const editorExportOptionsSchema = z.object({
  /** SRT has no voice markup: a "Name: " prefix where the speaker changes, unless switched off. */
  speakerPrefix: z.boolean().default(true),
  /** TXT, Markdown and DOCX: a [h:mm:ss] before each paragraph. */
  timestamps: z.boolean().default(false),
});

/**
 * A block as it crosses the bridge: words joined by a line feed (no word holds whitespace)
 * and times as decimal integers joined by commas. Checking 1,500 strings is what lets a
 * 13,000-word document through the router in a few milliseconds, where 40,000 array items
 * each checked took over a hundred (wire.ts converts both ways).
 */
export const wireBlockSchema = z.object({ id: rowIdSchema, speaker: z.string().nullable(), words: z.string(), times: z.string().nullable() });
export const wireDocumentSchema = z.object({ blocks: z.array(wireBlockSchema), speakers: z.array(speakerSchema) });
export const wirePatchSchema = z.object({
  ranges: z.array(z.object({ at: z.number().int().min(0), remove: z.number().int().min(0), insert: z.array(wireBlockSchema) })),
  speakers: z.array(speakerSchema).nullable(),
});

const id = z.object({ id: z.string().min(1) });

/** One speaker's talk time in a transcript: the sum of their rows' durations. */
export const talkTimeSchema = z.object({ speaker: z.string(), name: z.string(), person: z.string().nullable(), ms: z.number().int().min(0) });

/** Not written yet: why. Null when every change so far is on disk. */
const unsaved = diskRefusalSchema.nullable();
/** The document's version after the change: `patch` turns version − 1 into it (an empty patch changes nothing). */
const version = z.number().int().min(0);
const changed = z.object({ patch: wirePatchSchema, state: editorStateSchema, version, unsaved });

/**
 * An edit main would not make: the row it names was changed (in another window or tab) since
 * the version the edit was made on, or that version is not one main can still compare with.
 * `row` is the row as the edit named it; `now` where that row is now, when it still is one row;
 * `text` the refused typing, kept for the user to copy or to save over the other change.
 */
export const editRefusalSchema = z.object({
  code: z.enum(['row_changed', 'document_changed']),
  row: z.number().int().min(0).nullable(),
  now: z.number().int().min(0).nullable(),
  text: z.string().nullable(),
});

/**
 * What every page with transcripts open hears: each change main makes to any transcript's
 * document (whichever window made it), and transcripts deleted.
 */
export const editorEventSchema = z.discriminatedUnion('type', [
  changed.extend({ type: z.literal('changed'), id: z.string() }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
  /** Changes the disk had refused are written now (up to `version`). */
  z.object({ type: z.literal('saved'), id: z.string(), version }),
]);

export const transcriptEditorArea = {
  open: call(
    id,
    z.object({ fileName: z.string(), markers: z.array(markerSchema), document: wireDocumentSchema, state: editorStateSchema, version, hasTimings: z.boolean(), duration: z.number().nullable(), unsaved }),
  ),
  /** One stream per page; see `editorEventSchema`. */
  watch: stream(z.void(), editorEventSchema),
  /** `version`: the document's version the intent was made on (its row numbers are that version's). */
  edit: call(
    id.extend({ intent: editIntentSchema, version }),
    z.discriminatedUnion('outcome', [changed.extend({ outcome: z.literal('applied') }), z.object({ outcome: z.literal('refused'), refusal: editRefusalSchema })]),
  ),
  /** Undo and redo take back or redo the document's last step, whichever window made it (one history per transcript). */
  undo: call(id, changed),
  redo: call(id, changed),
  /** Back to the service's result; itself a step that Undo takes back. */
  revert: call(id, changed),
  /** Speaker names used in any transcript, most recent first: offered again when naming. */
  knownSpeakers: call(z.void(), z.array(z.string())),
  /** Talk time per speaker (talk-time.ts), for the Speakers panel: main computes, the page renders. */
  talkTime: call(id, z.array(talkTimeSchema)),
  export: call(id.extend({ format: editorExportFormatSchema, options: editorExportOptionsSchema }), saveOutcomeSchema),
  /**
   * The recording's waveform from window `from` on, a chunk at a time: a [low, high] pair of
   * signed bytes (full scale 127) per `windowMs`, base64; `overview`: the whole of it in a few
   * thousand pairs, to draw first. Null: the transcript kept no recording.
   */
  waveform: call(
    id.extend({ from: z.number().int().nonnegative().max(2 ** 31), overview: z.boolean().optional() }).strict(),
    z.object({ windowMs: z.number().int().positive(), windows: z.number().int().nonnegative(), from: z.number().int().nonnegative(), peaks: z.string(), durationMs: z.number().int().nonnegative() }).nullable(),
  ),
  /**
   * A zoomed-in view's stretch of the recording, `fromMs` to `toMs`, read from the recording now
   * in `pairs` equal slices (the view's pixels: finer than the kept 10 ms), the same [low, high]
   * bytes, base64. Bounded: a short stretch, a few screens' pixels. Null: no recording kept.
   */
  waveformWindow: call(
    id
      .extend({ fromMs: z.number().int().nonnegative().max(2 ** 31), toMs: z.number().int().positive().max(2 ** 31), pairs: z.number().int().min(1).max(MAX_WAVEFORM_WINDOW_PAIRS) })
      .strict()
      .refine(({ fromMs, toMs }) => toMs > fromMs && toMs - fromMs <= MAX_WAVEFORM_WINDOW_MS, `A waveform window ends after it starts and spans at most ${MAX_WAVEFORM_WINDOW_MS} ms.`),
    z.object({ fromMs: z.number().int().nonnegative(), toMs: z.number().int().positive(), pairs: z.number().int().positive(), peaks: z.string() }).nullable(),
  ),
};

export type EditorBlock = z.infer<typeof editorBlockSchema>;
export type WireBlock = z.infer<typeof wireBlockSchema>;
export type WireDocument = z.infer<typeof wireDocumentSchema>;
export type WirePatch = z.infer<typeof wirePatchSchema>;
export type Speaker = z.infer<typeof speakerSchema>;
export type EditorDocument = z.infer<typeof editorDocumentSchema>;
export type EditorPatch = z.infer<typeof editorPatchSchema>;
export type EditorState = z.infer<typeof editorStateSchema>;
export type EditIntent = z.infer<typeof editIntentSchema>;
export type EditRefusal = z.infer<typeof editRefusalSchema>;
export type EditorEvent = z.infer<typeof editorEventSchema>;
export type TalkTime = z.infer<typeof talkTimeSchema>;
export type FindOptions = z.infer<typeof findOptionsSchema>;
export type EditorExportFormat = z.infer<typeof editorExportFormatSchema>;
export type EditorExportOptions = z.infer<typeof editorExportOptionsSchema>;
