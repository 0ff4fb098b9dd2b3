import type { Usage } from '../../../../shared/domain/chat';
import type { ServiceFailure } from '../../../../shared/domain/service-failure';
import type { ModelOutcome, ModelRequests } from '../model-requests/model-requests';
import { type BatchContext, type BatchRow, batchMessages } from './prompt';
import { answeredRows, batchOutputSchema, numberedRows } from './reply';
import { addedUsage } from '../model-requests/usage';

/** One row's result: its translation, or its original kept (`untranslated`) when it failed alone. */
export interface RowResult {
  rowId: string;
  text: string;
  status: 'translated' | 'untranslated';
  /** The original text it was made from: when the original reads otherwise later, the row is stale. */
  source: string;
}

/** An answer that holds no usable rows: the batch is halved. Any other failure (429, too long, offline) is the job's to handle. */
const unusable = (failure: ServiceFailure) => failure.reason === 'unreadable_answer';

export interface BatchAsk {
  rows: readonly BatchRow[];
  context: BatchContext;
  /** Pro asks in JSON mode; Free in plain numbered lines. */
  json: boolean;
  model: string;
  signal: AbortSignal;
  /**
   * Each answered part's rows as they come (a half, or a row kept untranslated): written at once,
   * so a 429 or going offline before the other half keeps what was already answered.
   */
  keep(rows: RowResult[]): void;
}

type Asked = { ok: true; rows: Map<string, string> | null; usage: Usage | null } | { ok: false; failure: ServiceFailure | null };

async function askOnce(models: Pick<ModelRequests, 'askJson' | 'askText'>, ask: BatchAsk, rows: readonly BatchRow[]): Promise<Asked> {
  const messages = batchMessages(rows, ask.context, ask.json);
  // Asked whole, not streamed: a batch's raw answer is shown nowhere (progress is per batch), and
  // reading its streamed events was about half of Confab's time per batch (npm run bench -- translation).
  const common = { messages, model: ask.model, signal: ask.signal, whole: true };
  // An answer cut off at the token limit (truncated) is never kept: its last row ends mid-sentence
  // (JSON's repair closes the cut string; numbered lines just stop), so the batch is halved.
  if (ask.json) {
    const outcome = await models.askJson({ ...common, schema: batchOutputSchema });
    if (!outcome.ok) return outcome.failure && unusable(outcome.failure) ? { ok: true, rows: null, usage: null } : outcome;
    return { ok: true, rows: outcome.truncated ? null : answeredRows(rows, outcome.value.rows), usage: outcome.usage };
  }
  const outcome = await models.askText(common);
  if (!outcome.ok) return outcome;
  return { ok: true, rows: outcome.truncated ? null : answeredRows(rows, numberedRows(outcome.value)), usage: outcome.usage };
}

/**
 * One batch of rows translated: asked once; an answer with other ids, a row missing, empty or
 * extra, or unreadable, is halved and each half asked again, down to single rows; a row failing
 * alone keeps its original text, `untranslated`. A service's refusal (a wait, too long, offline)
 * ends it with that failure for the job to handle; the caller's signal ends it with null.
 */
export async function translateBatch(models: Pick<ModelRequests, 'askJson' | 'askText'>, ask: BatchAsk): Promise<ModelOutcome<RowResult[]>> {
  let usage: Usage | null = null;
  const results: RowResult[] = [];
  async function attempt(rows: readonly BatchRow[]): Promise<ServiceFailure | null | undefined> {
    const asked = await askOnce(models, ask, rows);
    if (!asked.ok) return asked.failure;
    usage = addedUsage(usage, asked.usage);
    const texts = asked.rows;
    if (texts || rows.length === 1) {
      const answered = rows.map((row): RowResult => (texts ? { rowId: row.rowId, text: texts.get(row.rowId)!, status: 'translated', source: row.text } : { rowId: row.rowId, text: row.text, status: 'untranslated', source: row.text }));
      ask.keep(answered);
      results.push(...answered);
      return undefined;
    }
    const half = Math.ceil(rows.length / 2);
    const first = await attempt(rows.slice(0, half));
    return first !== undefined ? first : attempt(rows.slice(half));
  }
  const failure = await attempt(ask.rows);
  if (failure !== undefined) return { ok: false, failure };
  return { ok: true, value: results, text: '', usage, truncated: false };
}
