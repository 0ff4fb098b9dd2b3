import { join } from 'node:path';
import type { HistoryStore } from './services/history/history-store';
import { createMeetingsAsk } from './services/meetings-ask/meetings-ask';
import { createModelJobQueue } from './services/model-jobs/model-job-queue';
import { openModelJobStore } from './services/model-jobs/model-job-store';
import { createModelRequests } from './services/model-requests/model-requests';
import type { ServiceClient } from './services/net/service-client';
import type { Plan } from '../../shared/contract/settings';
import type { ContextBudget } from '../../shared/domain/context-budget';
import { createNotesService } from './services/transcript-notes/notes-service';
import { openTokenEstimates } from './services/conversations/token-estimate';
import { createTranslateService } from './services/transcript-translate/translate-service';

/**
 * What asks the model beyond chat: the one request layer (JSON of a shape, "too long" split and
 * learnt), model jobs on a queue of their own (never behind a transcription, in the same
 * jobs.sqlite), meeting notes, translations and Ask across meetings (docs/architecture/model-requests-and-jobs.md).
 */
export function openModelFeatures(deps: { service: ServiceClient; history: HistoryStore; dataDir: string; plan: () => Plan; partsInFlight: () => number; contextBudget: () => ContextBudget }) {
  const { service, history } = deps;
  const models = createModelRequests({ service, plan: deps.plan, dataDir: deps.dataDir });
  const modelJobs = createModelJobQueue({ store: openModelJobStore(join(deps.dataDir, 'jobs.sqlite')), models, partsInFlight: deps.partsInFlight });
  // Notes run as model jobs (registered here, so a job left by a quit or a crash goes on), asking through askJson.
  const notes = createNotesService({
    notes: history.notes,
    rows: history.transcripts.rows,
    userLines: (transcriptId) => (history.transcripts.get(transcriptId).transcript.notes ?? []).filter((line) => line.text.trim()),
    models,
    jobs: modelJobs,
  });
  const ask = createMeetingsAsk({
    // Looked up on each question: a repair reopens the history under the same store.
    rows: { retrieve: (question, cap) => history.transcripts.rows.retrieve(question, cap) },
    transcripts: () => history.transcripts.list(),
    models,
  });
  // Translations too, each a model job of kind "translate" resumed like notes (docs/architecture/translation.md).
  const translation = createTranslateService({ translations: history.translations, rows: history.transcripts.rows, models, jobs: modelJobs, plan: deps.plan });
  // Chat's requests within their context budget: estimates corrected per (service, model), keyed as the fits are.
  const chatContext = { tokens: openTokenEstimates(join(deps.dataDir, 'token-ratios.json')), key: models.fitKey, fits: models.fits, budget: deps.contextBudget };
  return { models, modelJobs, notes, ask, translation, chatContext };
}
