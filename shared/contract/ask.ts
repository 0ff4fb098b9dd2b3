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

/**
 * One bracket of ids in a reply of Ask about this transcript ([4] or [4, 7]), as main checked
 * it: `status` as for a claim, or `text` for a bracket naming no row the transcript could have
 * ("[sic]", "[2024]"), shown as written; `rows` the cited rows it has, with their start.
 */
export const replyCitationSchema = z.object({
  ids: z.array(z.string()),
  status: z.enum(['supported', 'unsupported', 'unchecked', 'text']),
  rows: z.array(z.object({ rowId: rowIdSchema, startMs: z.number().int().nullable() })),
});

/** The answer, or why not: the service's failure, or `stopped` by the user (nothing of a stopped answer is kept). */
export const askAnswerOutcomeSchema = z.union([
  // cutOff: the token cap ended the answer (a part's, when sent in parts): the claims are what it held.
  z.object({ ok: z.literal(true), claims: z.array(askClaimSchema), cutOff: z.boolean() }),
  z.object({ ok: z.literal(false), failure: serviceFailure }),
  z.object({ ok: z.literal(false), stopped: z.literal(true) }),
]);

export const askArea = {
  /** Retrieves the rows a question would send (nothing leaves the machine yet). */
  prepare: call(z.object({ question: z.string().trim().min(1).max(ASK_QUESTION_MAX_CHARS) }), askPreparedSchema),
  /**
   * Sends a prepared question with exactly its rows; the answer's claims with their citations
   * checked. No options: main picks the model and the output cap for the plan, as for notes.
   * A set is answered once: sent again, running or answered, it gets the same answer (a failed
   * or stopped one is asked anew).
   */
  send: call(z.object({ askId: z.string() }), askAnswerOutcomeSchema),
  /** Stops a set being sent: main cuts the request and `send` answers `stopped`. */
  stop: call(z.object({ askId: z.string() }), z.void()),
  /**
   * Main's verdict on each bracket of a reply of Ask about this transcript (a conversation
   * attached to a transcript), checked against the rows as the transcript now reads; none for
   * another conversation.
   */
  citations: call(z.object({ conversationId: z.string(), messageId: z.string() }), z.array(replyCitationSchema)),
  /** Keeps a transcript out of (or lets it back into) Ask across meetings. */
  setExcluded: call(z.object({ transcriptId: z.string(), excluded: z.boolean() }), z.void()),
};

export type AskSource = z.infer<typeof askSourceSchema>;
export type AskRow = z.infer<typeof askRowSchema>;
export type AskPrepared = z.infer<typeof askPreparedSchema>;
export type AskClaim = z.infer<typeof askClaimSchema>;
export type AskCitation = z.infer<typeof askCitationSchema>;
export type ReplyCitation = z.infer<typeof replyCitationSchema>;
export type AskAnswerOutcome = z.infer<typeof askAnswerOutcomeSchema>;
