import { create } from 'zustand';
import type { ModelJob } from '../../shared/contract/modelJobs';
import type { GlossaryEntry, Translation, TranslationEstimate, TranslationSummary } from '../../shared/contract/translation';
import { api } from '../api';
import { watchModelJob } from '../api/model-job-watch';

/** Which rows a start translates: all not translated yet, or only the stale and untranslated. */
export type Only = 'all' | 'unfinished';

/** The Translations panel's view of one transcript: what main answered last, never built here. */
interface TranslationView {
  transcriptId: string | null;
  list: TranslationSummary[] | null;
  /** The open translation's language, and the translation main answered (null: none made yet). */
  language: string | null;
  translation: Translation | null;
  job: ModelJob | null;
  /** Why the list or the open translation could not be read. */
  problem: unknown;
}

export const useTranslations = create<TranslationView>(() => ({ transcriptId: null, list: null, language: null, translation: null, job: null, problem: null }));

const set = useTranslations.setState;
// Each jobId main named for a language: a cancelled job leaves the translation's jobId, but stays resumable.
const jobIds = new Set<string>();

async function reload() {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId) return;
  try {
    const [list, translation] = await Promise.all([
      api.translation.list({ transcriptId }),
      language ? api.translation.get({ transcriptId, language }) : Promise.resolve(null),
    ]);
    for (const each of [...list.map((s) => s.jobId), translation?.jobId]) if (each) jobIds.add(each);
    // A panel moved on to another transcript or language meanwhile keeps what it shows.
    if (useTranslations.getState().transcriptId !== transcriptId || useTranslations.getState().language !== language) return;
    set({ list, translation, problem: null });
  } catch (error) {
    set({ problem: error });
  }
}

/**
 * Opens the panel on a transcript: its translations, and the open one's job on main's model-job
 * watch. Rows are read again as each batch finishes and when the job ends. Returns the stop.
 */
export function openTranslations(transcriptId: string): () => void {
  set({ transcriptId, list: null, language: null, translation: null, job: null, problem: null });
  // A transcript with translations opens on its first, so its rows show without a click.
  void reload().then(() => {
    const { list, language } = useTranslations.getState();
    if (!language && list?.[0] && useTranslations.getState().transcriptId === transcriptId) showTranslation(list[0].language);
  });
  let partsDone = -1;
  return watchModelJob(
    (job) => jobIds.has(job.id) || job.id === useTranslations.getState().translation?.jobId,
    (job) => {
      set({ job });
      if (job && job.partsDone !== partsDone) {
        partsDone = job.partsDone;
        void reload();
      }
    },
    () => void reload(),
  );
}

export function showTranslation(language: string | null) {
  set({ language, translation: null, job: null });
  void reload();
}

const target = () => {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId || !language) throw new Error('No translation is open');
  return { transcriptId, language };
};

/** Main's answer replaces the view (and names the job that follows). */
function took(translation: Translation) {
  if (translation.jobId) jobIds.add(translation.jobId);
  set({ translation });
  void reload();
  return translation;
}

export const estimateTranslation = (transcriptId: string, language: string, only: Only): Promise<TranslationEstimate> =>
  api.translation.estimate({ transcriptId, language, only });

export async function startTranslation(transcriptId: string, language: string, only: Only) {
  set({ language });
  return took(await api.translation.start({ transcriptId, language, only }));
}

export const editTranslatedRow = async (rowId: string, text: string) => took(await api.translation.editRow({ ...target(), rowId, text }));
export const saveGlossary = async (entries: GlossaryEntry[]) => took(await api.translation.setGlossary({ ...target(), entries }));
export const exportTranslation = (format: 'srt' | 'vtt', bilingual: boolean) => api.translation.export({ ...target(), format, bilingual });

export async function removeTranslation() {
  await api.translation.remove(target());
  showTranslation(null);
}

export { cancelModelJob as cancelTranslation, resumeModelJob as resumeTranslation } from '../api/model-job-watch';
