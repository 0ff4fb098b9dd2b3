import type { ModelJob } from '../../../../shared/contract/modelJobs';
import type { FindOptions } from '../../../../shared/contract/transcriptEditor';
import type { GlossaryEntry, Translation, TranslationEstimate, TranslationMatch, TranslationSummary } from '../../../../shared/contract/translation';
import type { Plan } from '../../../../shared/domain/plan-rules';
import { Problem } from '../../../../shared/domain/problem';
import { findPattern } from '../../../../shared/domain/transcript-edits';
import type { TranscriptRowIndex } from '../history/transcript-rows';
import type { StoredTranslation, TranslationsTable } from '../history/translations';
import type { ModelJobQueue } from '../model-jobs/model-job-queue';
import type { ModelRequests } from '../model-requests/model-requests';
import { estimateOf } from './estimate';
import { type TranslateJobContext, TRANSLATE_JOB, TRANSLATE_PART_CHARS, registerTranslateJob } from './translate-job';
import { countsOf, translatedRows, translationView } from './translation-view';

export interface TranslateDeps {
  translations: TranslationsTable;
  rows: Pick<TranscriptRowIndex, 'rowsOf'>;
  models: Pick<ModelRequests, 'askJson' | 'askText'>;
  jobs: Pick<ModelJobQueue, 'register' | 'add' | 'get' | 'list' | 'remove' | 'cancel'>;
  plan(): Plan;
  now?: () => number;
}

type Only = 'all' | 'unfinished';

/**
 * Target languages per transcript at most: each is a track the page lists and every view reads
 * whole, and twenty already spans far more audiences than one meeting has.
 */
export const MAX_TRANSLATIONS = 20;

/**
 * A transcript's translations, one per target language: made by model jobs of kind "translate"
 * from the rows' ids and text (never their times), kept beside the original in the history.
 */
export function createTranslateService(deps: TranslateDeps) {
  const now = deps.now ?? Date.now;
  const { translations } = deps;
  registerTranslateJob(deps);

  /** The translation's job while it is not done (queued, running, cancelled or failed: Resume is the page's). */
  const liveJob = (stored: StoredTranslation): ModelJob | null => {
    if (!stored.jobId) return null;
    const job = deps.jobs.get(stored.jobId);
    return job && job.state !== 'done' ? job : null;
  };
  const live = (job: ModelJob) => job.state === 'queued' || job.state === 'running';
  const stored = (transcriptId: string, language: string) => {
    const found = translations.get(transcriptId, language);
    if (!found) throw new Problem('translation.none', { language });
    return found;
  };
  const view = (found: StoredTranslation) => translationView(found, deps.rows.rowsOf(found.transcriptId), liveJob(found)?.id ?? null);

  /**
   * The rows a job would send: `all` not translated yet (pending, stale, untranslated),
   * `unfinished` stale and untranslated, and pending too unless a queued or running job is
   * translating them (a row a split made, or a translation never started, is unfinished as
   * well); never a row the user worded.
   */
  function toSend(found: StoredTranslation | null, transcriptId: string, only: Only) {
    const originals = deps.rows.rowsOf(transcriptId);
    const rows = found ? translatedRows(found, originals) : originals.map(() => null);
    const running = found && liveJob(found);
    const pendingToo = only === 'all' || !running || !live(running);
    return originals.filter((_, i) => {
      const row = rows[i];
      if (!row) return pendingToo;
      if (row.edited && row.status !== 'stale') return false;
      return row.status === 'stale' || row.status === 'untranslated' || (pendingToo && row.status === 'pending');
    });
  }

  const jobsOf = (transcriptId: string) => deps.jobs.list().filter((job) => job.kind === TRANSLATE_JOB && job.subject === transcriptId);
  /**
   * The transcript's translate jobs no translation follows any more (done: finish cleared the
   * translation's jobId; or their translation removed) leave jobs.sqlite, as notes' do; a
   * cancelled or failed job a translation still names is its Resume and stays.
   */
  function clearEnded(transcriptId: string) {
    const followed = new Set(translations.list(transcriptId).map((head) => head.jobId));
    for (const job of jobsOf(transcriptId)) if (!live(job) && !followed.has(job.id)) deps.jobs.remove(job.id);
  }

  /** Makes the translation when there is none, refusing one more than the cap. */
  function ensure(transcriptId: string, language: string) {
    if (!translations.head(transcriptId, language) && translations.list(transcriptId).length >= MAX_TRANSLATIONS) {
      throw new Problem('translation.full', { max: MAX_TRANSLATIONS });
    }
    translations.ensure(transcriptId, language, now());
  }

  const speakersOf = (transcriptId: string) => [...new Set(deps.rows.rowsOf(transcriptId).flatMap((row) => (row.speaker ? [row.speaker] : [])))];

  return {
    list: (transcriptId: string): TranslationSummary[] =>
      translations.list(transcriptId).map((head) => {
        const found = translations.get(transcriptId, head.language)!;
        return { language: head.language, counts: countsOf(translatedRows(found, deps.rows.rowsOf(transcriptId))), jobId: liveJob(found)?.id ?? null };
      }),
    get(transcriptId: string, language: string): Translation | null {
      const found = translations.get(transcriptId, language);
      return found && view(found);
    },
    estimate(transcriptId: string, language: string, only: Only): TranslationEstimate {
      const found = translations.get(transcriptId, language);
      return estimateOf(toSend(found, transcriptId, only), { glossary: found?.glossary ?? [], speakers: speakersOf(transcriptId), synopsis: found?.synopsis ?? null });
    },
    /** Starts the job (or answers the one running); nothing to send answers the translation as it is. */
    start(transcriptId: string, language: string, only: Only): Translation {
      if (!deps.rows.rowsOf(transcriptId).length) throw new Problem('translation.no_rows');
      ensure(transcriptId, language);
      const found = translations.get(transcriptId, language)!;
      const running = liveJob(found);
      if (running && live(running)) return view(found);
      if (found.jobId) deps.jobs.remove(found.jobId);
      clearEnded(transcriptId);
      const items = toSend(found, transcriptId, only).map((row) => ({ rowId: row.rowId, text: row.text }));
      if (!items.length) {
        translations.setJob(transcriptId, language, null);
        return view({ ...found, jobId: null });
      }
      const context: TranslateJobContext = { transcriptId, language, speakers: speakersOf(transcriptId), json: deps.plan() === 'pro' };
      const job = deps.jobs.add({ kind: TRANSLATE_JOB, subject: transcriptId, items, context, partSize: TRANSLATE_PART_CHARS });
      translations.setJob(transcriptId, language, job.id);
      return view({ ...found, jobId: job.id });
    },
    editRow(transcriptId: string, language: string, rowId: string, text: string): Translation {
      const found = stored(transcriptId, language);
      const original = deps.rows.rowsOf(transcriptId).find((row) => row.rowId === rowId);
      if (!original) throw new Problem('translation.row_gone');
      translations.putRows(transcriptId, language, [{ rowId, text, status: 'translated', edited: true, source: original.text }], { overEdited: true });
      return view(translations.get(transcriptId, language) ?? found);
    },
    /** The editor's Find in the translation's own wording (the same pattern its Find uses on the original). */
    find(transcriptId: string, language: string, options: FindOptions): TranslationMatch[] {
      const pattern = findPattern(options);
      const found = translations.get(transcriptId, language);
      if (!pattern || !found) return [];
      return translatedRows(found, deps.rows.rowsOf(transcriptId))
        .filter((row) => row.status === 'translated' || row.status === 'stale')
        .flatMap((row) => Array.from(row.text.matchAll(pattern), (hit) => ({ rowId: row.id, index: hit.index, length: hit[0].length })))
        .filter((hit) => hit.length > 0);
    },
    setGlossary(transcriptId: string, language: string, entries: GlossaryEntry[]): Translation {
      ensure(transcriptId, language);
      translations.setGlossary(transcriptId, language, entries);
      return view(stored(transcriptId, language));
    },
    remove(transcriptId: string, language: string) {
      const found = translations.get(transcriptId, language);
      if (!found) return;
      const job = found.jobId ? deps.jobs.get(found.jobId) : null;
      if (job && (job.state === 'queued' || job.state === 'running')) deps.jobs.cancel(job.id);
      else if (job) deps.jobs.remove(job.id);
      translations.remove(transcriptId, language);
      clearEnded(transcriptId);
    },
    /** A transcript deleted (its translations went with it): its translate jobs go too, a live one cancelled first. */
    async transcriptRemoved(transcriptId: string) {
      for (const job of jobsOf(transcriptId)) {
        if (live(job)) deps.jobs.cancel(job.id);
        else deps.jobs.remove(job.id);
      }
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
