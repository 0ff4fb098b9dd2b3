import { z } from 'zod';
import { serviceFailure } from '../domain/service-failure';
import { call } from './define';
import { rowIdSchema } from './transcriptEditor';

/** The longest question Ask across meetings sends: a question, not a document. */
export const ASK_QUESTION_MAX_CHARS = 1000;

/** A transcript some of whose rows are sent, named as the user knows it. */
export const askSourceSchema = z.object({ transcriptId: z.string(), fileName: z.string(), createdAt: z.number() });

/** A row that leaves the machine: its transcript, id, time and words as sent. */
export const askRowSchema = z.object({
  transcriptId: z.string(),
  rowId: rowIdSchema,
  startMs: z.number().int().nullable(),
  speaker: z.string().nullable(),
  text: z.string(),
});

/**
 * What Ask across meetings would send, shown before it is sent: the question, the rows main
 * retrieved (capped) and their transcripts. `askId` names this very set, so Send sends what
 * the page showed, not a set retrieved again.
 */
export const askPreparedSchema = z.object({
  askId: z.string(),
  question: z.string(),
  sources: z.array(askSourceSchema),
  rows: z.array(askRowSchema),
});

/** A row a claim cites, checked by main to be one of the rows sent. */
export const askCitationSchema = z.object({ transcriptId: z.string(), rowId: rowIdSchema, startMs: z.number().int().nullable() });

/**
 * One claim of the answer; `cites` empty: the model named no row that was sent (shown as uncited).
 * `status`: main's check of the claim against its rows, as for notes' items (every cited row was
 * sent and shares a content word with it; *unchecked*: another language than its rows).
 */
export const askClaimSchema = z.object({ text: z.string(), cites: z.array(askCitationSchema), status: z.enum(['supported', 'unsupported', 'unchecked']) });

export const askAnswerOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), claims: z.array(askClaimSchema) }),
  z.object({ ok: z.literal(false), failure: serviceFailure }),
]);

export const askArea = {
  /** Retrieves the rows a question would send (nothing leaves the machine yet). */
  prepare: call(z.object({ question: z.string().trim().min(1).max(ASK_QUESTION_MAX_CHARS) }), askPreparedSchema),
  /**
   * Sends a prepared question with exactly its rows; the answer's claims with their citations
   * checked. No options: main picks the model and the output cap for the plan, as for notes.
   */
  send: call(z.object({ askId: z.string() }), askAnswerOutcomeSchema),
  /**
   * A transcript's rows as it now reads (ids and start times), so the answers of Ask about this
   * transcript link a cited id only when the transcript has that row; none for a deleted one.
   */
  rows: call(z.object({ transcriptId: z.string() }), z.array(z.object({ rowId: rowIdSchema, startMs: z.number().int().nullable() }))),
  /** Keeps a transcript out of (or lets it back into) Ask across meetings. */
  setExcluded: call(z.object({ transcriptId: z.string(), excluded: z.boolean() }), z.void()),
};

export type AskSource = z.infer<typeof askSourceSchema>;
export type AskRow = z.infer<typeof askRowSchema>;
export type AskPrepared = z.infer<typeof askPreparedSchema>;
export type AskClaim = z.infer<typeof askClaimSchema>;
export type AskCitation = z.infer<typeof askCitationSchema>;
export type AskAnswerOutcome = z.infer<typeof askAnswerOutcomeSchema>;
