import type { TranscriptRowIndex } from '../history/transcript-rows';
import type { TranslationsTable } from '../history/translations';
import type { ModelJobQueue } from '../model-jobs/model-job-queue';
import type { ModelOutcome, ModelRequests } from '../model-requests/model-requests';
import { translateBatch } from './batch';
import { type BatchRow, synopsisMessages } from './prompt';
import { addedUsage } from '../model-requests/usage';

/** The kind of model job a translation runs as (model-jobs/). */
export const TRANSLATE_JOB = 'translate';
/**
 * Characters of rows in one batch at most, whatever the model takes: small enough that a batch
 * answered wrong costs little to halve, and a crash loses little; large enough that the prompt's
 * context (synopsis, names and terms, earlier rows) is a small share of what is sent.
 */
export const TRANSLATE_PART_CHARS = 3_000;
/** Earlier translated rows sent with each batch as context. */
export const CONTEXT_ROWS = 3;
/** Characters of the transcript the synopsis is made from at most: rows sampled evenly past it. */
export const SYNOPSIS_SOURCE_CHARS = 12_000;

/** What every batch of a translation job needs besides its rows: kept with the job in jobs.sqlite. */
export interface TranslateJobContext {
  transcriptId: string;
  language: string;
  speakers: string[];
  /** JSON mode (Pro) or numbered lines (Free), as the plan was when the job started. */
  json: boolean;
}

export const rowSize = (row: unknown) => (row as BatchRow).text.length + (row as BatchRow).rowId.length + 4;

/** Rows spread evenly over the transcript up to `cap` characters: the synopsis sees the whole meeting, not its start. */
function sample(rows: readonly BatchRow[], cap: number): BatchRow[] {
  const total = rows.reduce((sum, row) => sum + rowSize(row), 0);
  if (total <= cap) return [...rows];
  const step = total / cap;
  return rows.filter((_, i) => Math.floor(i / step) !== Math.floor((i - 1) / step));
}

export interface TranslateJobDeps {
  translations: TranslationsTable;
  rows: Pick<TranscriptRowIndex, 'rowsOf'>;
  models: Pick<ModelRequests, 'askJson' | 'askText'>;
  jobs: Pick<ModelJobQueue, 'register'>;
}

/**
 * Registers the "translate" kind: each part is one batch of rows (translate-batch), its rows
 * written to the translation as soon as it finishes (so Cancel and a crash keep it, and the next
 * batches read it as context); the synopsis is made by the first batch that needs it, once.
 */
export function registerTranslateJob(deps: TranslateJobDeps) {
  const { translations } = deps;
  const synopses = new Map<string, Promise<ModelOutcome<string> | null>>();

  /** The synopsis kept, or made now by one request shared by the batches asking at once. */
  function synopsisOf(context: TranslateJobContext, model: string, signal: AbortSignal): Promise<ModelOutcome<string> | null> {
    // '' is kept for a synopsis the model left empty: asked once, not again by every batch.
    const kept = translations.head(context.transcriptId, context.language)?.synopsis;
    if (typeof kept === 'string') return Promise.resolve(null);
    const key = `${context.transcriptId}\u0000${context.language}`;
    const shared = synopses.get(key);
    // Another batch is making it: this one waits for it, and its tokens are counted once, there;
    // refused (a 429), this batch waits too rather than go without it.
    if (shared) return shared.then((outcome) => (outcome && !outcome.ok ? outcome : null));
    const rows = sample(deps.rows.rowsOf(context.transcriptId), SYNOPSIS_SOURCE_CHARS);
    const making = deps.models.askText({ messages: synopsisMessages(rows, context.language), model, maxTokens: 400, signal }).then((outcome) => {
      if (outcome.ok) translations.setSynopsis(context.transcriptId, context.language, outcome.value.trim().slice(0, 1_000));
      return outcome;
    });
    making.finally(() => synopses.delete(key)).catch(() => undefined);
    synopses.set(key, making);
    return making;
  }

  deps.jobs.register(TRANSLATE_JOB, {
    async run(part, io) {
      const context = part.context as TranslateJobContext;
      // A part run again (after a 429, offline, a crash) sends only the rows no earlier try kept.
      const done = translations.translatedFrom(context.transcriptId, context.language, part.items as BatchRow[]);
      const rows = (part.items as BatchRow[]).filter((row) => !done.has(row.rowId));
      if (!rows.length) return { ok: true, value: [], text: '', usage: null, truncated: false };
      const made = await synopsisOf(context, part.model, io.signal);
      // A synopsis refused (a 429 waits, offline fails): the batch goes with it; one the model left empty is done without.
      if (made && !made.ok) return made;
      const found = translations.head(context.transcriptId, context.language);
      if (!found) return { ok: false, failure: null };
      const outcome = await translateBatch(deps.models, {
        rows,
        context: { language: context.language, synopsis: found.synopsis, speakers: context.speakers, glossary: found.glossary, previous: translations.previous(context.transcriptId, context.language, rows[0]!.rowId, CONTEXT_ROWS) },
        json: context.json,
        model: part.model,
        signal: io.signal,
        keep: (answered) => translations.putRows(context.transcriptId, context.language, answered.map((row) => ({ ...row, edited: false }))),
      });
      if (!outcome.ok) return outcome;
      return { ...outcome, usage: addedUsage(made?.ok ? made.usage : null, outcome.usage) };
    },
    finish(job) {
      const context = job.context as TranslateJobContext;
      // Every batch's rows were written as it finished: the job is done with, and the page's Resume with it.
      const found = translations.head(context.transcriptId, context.language);
      if (found?.jobId === job.id) translations.setJob(context.transcriptId, context.language, null);
    },
    size: rowSize,
  });
}
