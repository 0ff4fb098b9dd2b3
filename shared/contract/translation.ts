import { z } from 'zod';
import { issueOf } from '../domain/problem';
import { call } from './define';
import { saveOutcomeSchema } from './files';
import { findOptionsSchema, rowIdSchema } from './transcriptEditor';

/**
 * A transcript's translation into another language: a track of its own beside the original rows
 * (docs/architecture/translation.md). Row ids and text go to the model, never times: each
 * translated text goes back on its row, so the track covers exactly the original rows at exactly
 * their times, and cues are cut from it at export by the target language's subtitle rules.
 */

/** A target language as BCP 47 (`ja`, `pt-BR`); the page names it with Intl.DisplayNames. */
export const targetLanguageSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/);

/**
 * One row of a translation. `status`: `translated`; `untranslated` (it failed alone: `text` is
 * the original, shown and counted, translatable again); `stale` (its original row was edited,
 * split or merged since: `text` is the old translation); `pending` (not translated yet: a job
 * cancelled or still running). `edited`: the user's own wording, never replaced by a model's.
 * `original`: the original row's text as main reads it now (what was sent), shown beside it.
 */
export const translatedRowSchema = z.object({
  id: rowIdSchema,
  text: z.string(),
  original: z.string(),
  status: z.enum(['translated', 'untranslated', 'stale', 'pending']),
  edited: z.boolean(),
});

/** Names and terms: how the user wants a source term spelled in the target language. */
export const glossaryEntrySchema = z.object({ term: z.string().trim().min(1).max(100), spelling: z.string().trim().min(1).max(100) });

export const translationCountsSchema = z.object({
  rows: z.number().int().nonnegative(),
  translated: z.number().int().nonnegative(),
  untranslated: z.number().int().nonnegative(),
  stale: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});

/** A cue the target language's rules cannot hold (flagged, never cut): the row it comes from and why. */
export const cueFlagSchema = z.object({
  rowId: rowIdSchema,
  reason: z.enum(['too_many_lines', 'line_too_long', 'too_fast']),
});

export const translationSchema = z.object({
  transcriptId: z.string(),
  language: targetLanguageSchema,
  /** The target language is written right to left (its script, by the rules export follows). */
  rtl: z.boolean(),
  createdAt: z.number(),
  /** In the original's order, one per original row, always. */
  rows: z.array(translatedRowSchema),
  counts: translationCountsSchema,
  glossary: z.array(glossaryEntrySchema),
  /** The meeting's short synopsis sent with every batch (made once), or null before it is made. */
  synopsis: z.string().nullable(),
  /** The model job translating it now (its progress and tokens on modelJobs.watch), or null. */
  jobId: z.string().nullable(),
  flags: z.array(cueFlagSchema),
});

/** A translation in the transcript's list: which language, how far. */
export const translationSummarySchema = z.object({ language: targetLanguageSchema, counts: translationCountsSchema, jobId: z.string().nullable() });

/** What leaves the machine before a translation starts, said on screen with its estimated tokens. */
export const translationEstimateSchema = z.object({
  rows: z.number().int().nonnegative(),
  characters: z.number().int().nonnegative(),
  /** Estimated tokens sent and received over the whole job (text, context, synopsis, glossary). */
  tokens: z.number().int().nonnegative(),
  batches: z.number().int().nonnegative(),
  sends: z.object({ text: z.literal(true), synopsis: z.boolean(), glossaryEntries: z.number().int().nonnegative(), speakers: z.number().int().nonnegative() }),
});

/**
 * The user's wording of a translated row, trimmed: never blank (the row would drop out of the
 * export), refused with a problem the page words, and checked by the page before it sends.
 */
export const translatedRowTextSchema = z
  .string()
  .trim()
  .max(4000)
  .refine((text) => text !== '', issueOf('translation.row_blank'));

/** A match of the editor's Find in a translated row: its place in the row's translated text. */
export const translationMatchSchema = z.object({ rowId: rowIdSchema, index: z.number().int().nonnegative(), length: z.number().int().positive() });

const target = z.object({ transcriptId: z.string().min(1).max(200), language: targetLanguageSchema }).strict();

export const translationArea = {
  /** The transcript's translations, one per language. */
  list: call(z.object({ transcriptId: z.string().min(1).max(200) }).strict(), z.array(translationSummarySchema)),
  /** One translation with its rows, or null when none was made into that language. */
  get: call(target, translationSchema.nullable()),
  /** What a translation (or only its stale and untranslated rows, `only`) would send, before it starts. */
  estimate: call(target.extend({ only: z.enum(['all', 'unfinished']).default('all') }), translationEstimateSchema),
  /**
   * Starts (or goes on with) a translation as a model job of kind "translate": `all` the rows not
   * translated yet, or `unfinished` (stale and untranslated only). Answers the translation with its
   * job id; progress on modelJobs.watch, Cancel and Resume there (finished batches kept).
   */
  start: call(target.extend({ only: z.enum(['all', 'unfinished']).default('all') }), translationSchema),
  /** The user's own wording of a translated row (marked edited); a blank one is refused (it would drop the row from the export). */
  editRow: call(target.extend({ rowId: rowIdSchema, text: translatedRowTextSchema }), translationSchema),
  /**
   * Where the translation's own wording holds the text (the editor's Find with the track shown):
   * in the original's row order, offsets within each row's translated text. Rows that show the
   * original (pending, untranslated) are the original's matches, not the translation's.
   */
  find: call(target.extend(findOptionsSchema.shape), z.array(translationMatchSchema)),
  /** Names and terms for this language, sent with every batch from now on. */
  setGlossary: call(target.extend({ entries: z.array(glossaryEntrySchema).max(200) }), translationSchema),
  /** Deletes the translation (a running job is cancelled first). */
  remove: call(target, z.void()),
  /** SRT or WebVTT of the translation, alone or bilingual (original and translation in one cue, the line limit doubled). */
  export: call(target.extend({ format: z.enum(['srt', 'vtt']), bilingual: z.boolean() }), saveOutcomeSchema),
};

export type TargetLanguage = z.infer<typeof targetLanguageSchema>;
export type TranslatedRow = z.infer<typeof translatedRowSchema>;
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;
export type TranslationCounts = z.infer<typeof translationCountsSchema>;
export type CueFlag = z.infer<typeof cueFlagSchema>;
export type Translation = z.infer<typeof translationSchema>;
export type TranslationSummary = z.infer<typeof translationSummarySchema>;
export type TranslationEstimate = z.infer<typeof translationEstimateSchema>;
export type TranslationMatch = z.infer<typeof translationMatchSchema>;
