import { randomUUID } from 'node:crypto';
import type { AskAnswerOutcome, AskPrepared } from '../../../../shared/contract/ask';
import type { TranscriptSummary } from '../../../../shared/contract/transcription';
import { Problem } from '../../../../shared/domain/problem';
import type { TranscriptRowIndex } from '../history/transcript-rows';
import type { ModelRequests } from '../model-requests/model-requests';
import { checkedClaims, modelAnswerSchema } from './answer';
import { askMessages, rowLine } from './prompt';

/** The most rows one question sends: enough for a few meetings' worth of hits in context, small enough for any model's window. */
export const ASK_ROW_CAP = 60;

/** Prepared questions kept for their Send: a few per window is plenty; older ones are prepared again. */
const KEPT = 20;

export interface MeetingsAskDeps {
  rows: Pick<TranscriptRowIndex, 'retrieve'>;
  /** Every kept transcript's name, date and whether the user kept it out. */
  transcripts(): TranscriptSummary[];
  /**
   * The model-request layer: the answer as JSON of a shape on either plan (its model and output
   * cap main's, for the plan), rows too many for the model sent in parts.
   */
  models: Pick<ModelRequests, 'askJson' | 'inParts'>;
  cap?: number;
}

/**
 * Ask across meetings: a question answered from the best-matching rows of every transcript the
 * user has not kept out, each claim citing transcript and row. Two steps, so the page shows
 * what leaves the machine before it leaves: `prepare` retrieves (nothing is sent), `send` sends
 * exactly that set.
 */
export function createMeetingsAsk(deps: MeetingsAskDeps) {
  const prepared = new Map<string, AskPrepared>();

  function prepare(question: string): AskPrepared {
    const summaries = new Map(deps.transcripts().map((summary) => [summary.id, summary]));
    const rows = deps.rows.retrieve(question, deps.cap ?? ASK_ROW_CAP).filter((row) => summaries.has(row.transcriptId));
    // Newest meeting first, as the transcripts list shows them; rows in each one's order.
    const sources = [...new Set(rows.map((row) => row.transcriptId))]
      .map((id) => summaries.get(id)!)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(({ id, fileName, createdAt }) => ({ transcriptId: id, fileName, createdAt }));
    const place = new Map(sources.map((source, i) => [source.transcriptId, i]));
    const sent = rows
      .sort((a, b) => place.get(a.transcriptId)! - place.get(b.transcriptId)! || a.ord - b.ord)
      .map(({ transcriptId, rowId, startMs, speaker, text }) => ({ transcriptId, rowId, startMs, speaker, text }));
    const result = { askId: randomUUID(), question, sources, rows: sent };
    prepared.set(result.askId, result);
    if (prepared.size > KEPT) {
      const oldest = prepared.keys().next().value!;
      prepared.delete(oldest);
      // One still being asked stays, so its Stop still reaches it; it goes once it ends.
      if (answers.get(oldest)?.settled) answers.delete(oldest);
    }
    return result;
  }

  /**
   * Each set's answer, asked once: a second Send (a double click, a second window, a hostile page)
   * gets the same answer, running or done, and spends nothing again. A failed or stopped send is
   * forgotten, so Retry and Send again ask anew.
   */
  const answers = new Map<string, { promise: Promise<AskAnswerOutcome>; stop: AbortController; settled: boolean }>();

  async function answer(asked: AskPrepared, signal: AbortSignal): Promise<AskAnswerOutcome> {
    // A transcript kept out or deleted since the page showed the set is not sent after all: never more than shown.
    const askable = new Set(deps.transcripts().filter((summary) => !summary.askExcluded).map((summary) => summary.id));
    const kept = ({ transcriptId }: { transcriptId: string }) => askable.has(transcriptId);
    const now = { ...asked, sources: asked.sources.filter(kept), rows: asked.rows.filter(kept) };
    // No model named: the layer asks the plan's general model (Free's only one) with its output cap.
    const answered = await deps.models.inParts({
      items: now.rows,
      size: (row) => rowLine(now, row).length,
      send: (rows) => deps.models.askJson({ messages: askMessages(now, rows), schema: modelAnswerSchema, signal }),
    });
    // Stopped: parts answered before the stop are not an answer to the question either.
    if (signal.aborted) return { ok: false, stopped: true };
    if (!answered.ok && answered.failure) return { ok: false, failure: answered.failure };
    // An answer the token cap cut off keeps the claims it held, and says so: a question is one
    // answer, not items to halve and ask again as notes' parts are.
    return { ok: true, claims: answered.results.flatMap((part) => checkedClaims(part.value, now)), cutOff: answered.results.some((part) => part.truncated) };
  }

  function send(askId: string): Promise<AskAnswerOutcome> {
    const asked = prepared.get(askId);
    if (!asked) return Promise.reject(new Problem('ask.not_prepared'));
    const running = answers.get(askId);
    if (running) return running.promise;
    const stop = new AbortController();
    const asking = { stop, promise: answer(asked, stop.signal), settled: false };
    answers.set(askId, asking);
    const forget = () => answers.get(askId) === asking && answers.delete(askId);
    asking.promise.then((outcome) => {
      asking.settled = true;
      if (!outcome.ok || !prepared.has(askId)) forget();
    }, forget);
    return asking.promise;
  }

  /** Stops a send of the set, cutting its request; a set not being sent is left as it is. */
  function stop(askId: string) {
    answers.get(askId)?.stop.abort();
  }

  return { prepare, send, stop };
}

export type MeetingsAsk = ReturnType<typeof createMeetingsAsk>;
