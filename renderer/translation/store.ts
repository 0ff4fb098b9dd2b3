import { create } from 'zustand';
import type { ModelJob } from '../../shared/contract/modelJobs';
import { BridgeError } from '../../shared/contract/client';
import type { FindOptions } from '../../shared/contract/transcriptEditor';
import { type GlossaryEntry, type Translation, type TranslationEstimate, type TranslationMatch, type TranslationSummary, translatedRowTextSchema } from '../../shared/contract/translation';
import { problemOfIssue } from '../../shared/domain/problem';
import { api } from '../api';
import { watchModelJobs } from '../api/model-job-watch';

/** Which rows a start translates: all not translated yet, or only the stale and untranslated. */
export type Only = 'all' | 'unfinished';

/** The Translations panel's view of one transcript: what main answered last, never built here. */
interface TranslationView {
  transcriptId: string | null;
  list: TranslationSummary[] | null;
  /** The open translation's language, and the translation main answered (null: none made yet). */
  language: string | null;
  translation: Translation | null;
  /** The transcript's translation jobs; the open translation's is the one its `jobId` names. */
  jobs: ModelJob[];
  /** Why the list or the open translation could not be read. */
  problem: unknown;
  /**
   * Translated rows' wording not kept by main yet (typed, or refused with main's `problem`), by
   * `draftKey`: here, not in the row's field, because the virtual list unmounts a row scrolled away.
   */
  drafts: Readonly<Record<string, Draft>>;
}

export interface Draft {
  text: string;
  problem: unknown;
}

export const useTranslations = create<TranslationView>(() => ({ transcriptId: null, list: null, language: null, translation: null, jobs: [], problem: null, drafts: {} }));

const set = useTranslations.setState;

/** The open translation's job (main names it until it is done, so a cancelled one stays resumable). */
export const useTranslationJob = () => useTranslations((s) => s.jobs.find((job) => job.id === s.translation?.jobId) ?? null);

async function reload() {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId) return;
  try {
    const [list, translation] = await Promise.all([
      api.translation.list({ transcriptId }),
      language ? api.translation.get({ transcriptId, language }) : Promise.resolve(null),
    ]);
    // A panel moved on to another transcript or language meanwhile keeps what it shows.
    if (useTranslations.getState().transcriptId !== transcriptId || useTranslations.getState().language !== language) return;
    set({ list, translation, problem: null });
  } catch (error) {
    set({ problem: error });
  }
}

/**
 * Reads the open translation again after its rows changed, once more after the read under way
 * when asked meanwhile (typing sends a change per pause, and a 3-hour transcript's view is tens
 * of ms of main's time, so reads never queue up). Only the open one: the list's other languages
 * are not on screen in the editor and are read with the next job event or opening.
 */
let reading: Promise<void> | null = null;
let readAgain = false;
async function readOpen() {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId || !language) return;
  try {
    const translation = await api.translation.get({ transcriptId, language });
    const now = useTranslations.getState();
    if (now.transcriptId !== transcriptId || now.language !== language) return;
    // The list's entry for this language counts as the translation now does.
    const list = now.list?.map((entry) => (entry.language === language && translation ? { ...entry, counts: translation.counts } : entry)) ?? null;
    set({ list, translation, problem: null });
  } catch (error) {
    set({ problem: error });
  }
}
function readOpenSoon() {
  if (reading) return void (readAgain = true);
  reading = readOpen().finally(() => {
    reading = null;
    if (readAgain) {
      readAgain = false;
      readOpenSoon();
    }
  });
}

/**
 * The transcript's rows changed (an edit, split or merge in any window, on `transcriptEditor.watch`):
 * stale and pending are main's reading of the rows as they now stand, so the open translation is read again.
 */
export function translationsChanged(transcriptId: string) {
  const { transcriptId: open, language } = useTranslations.getState();
  if (open === transcriptId && language) readOpenSoon();
}

/**
 * Opens the view on a transcript: its translations, and their jobs on main's model-job watch.
 * Rows are read again as a batch finishes or a job changes state. `first`: the panel opens on
 * the first translation, so its rows show without a click; the editor's track starts off.
 * Returns the stop.
 */
export function openTranslations(transcriptId: string, { first = true }: { first?: boolean } = {}): () => void {
  // Drafts stay: keyed by transcript, they are there again when the page comes back to it.
  set({ transcriptId, list: null, language: null, translation: null, jobs: [], problem: null });
  void reload().then(() => {
    const { list, language } = useTranslations.getState();
    if (first && !language && list?.[0] && useTranslations.getState().transcriptId === transcriptId) showTranslation(list[0].language);
  });
  let seen = new Map<string, string>();
  return watchModelJobs(
    (job) => job.kind === 'translate' && job.subject === transcriptId,
    (jobs) => {
      set({ jobs });
      const now = new Map(jobs.map((job) => [job.id, `${job.state}/${job.partsDone}`]));
      if ([...now].some(([id, where]) => seen.has(id) && seen.get(id) !== where)) void reload();
      seen = now;
    },
  );
}

export function showTranslation(language: string | null) {
  set({ language, translation: null });
  void reload();
}

const target = () => {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId || !language) throw new Error('No translation is open');
  return { transcriptId, language };
};

/** Main's answer replaces the view (and names the job that follows). */
function took(translation: Translation) {
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

/** A row's draft in the open translation (one per transcript, language and row). */
export const draftKey = (rowId: string) => {
  const { transcriptId, language } = useTranslations.getState();
  return `${transcriptId}\n${language}\n${rowId}`;
};

/** Keeps (or, with null, drops) a row's unsaved wording. */
export function setDraft(key: string, draft: Draft | null) {
  const { [key]: _dropped, ...others } = useTranslations.getState().drafts;
  set({ drafts: draft ? { ...others, [key]: draft } : others });
}

/** Sends a row's draft; kept until main has it, then dropped; main's refusal kept beside it. */
export async function editTranslatedRow(rowId: string, text: string) {
  const key = draftKey(rowId);
  // Main's own check first (a blank row), so what main would refuse is never sent, and is worded as main's refusal.
  const checked = translatedRowTextSchema.safeParse(text);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return setDraft(key, { text, problem: new BridgeError(issue?.message ?? 'invalid', 'invalid_payload', problemOfIssue(issue)) });
  }
  try {
    took(await api.translation.editRow({ ...target(), rowId, text }));
    if (useTranslations.getState().drafts[key]?.text === text) setDraft(key, null);
  } catch (error) {
    setDraft(key, { text: useTranslations.getState().drafts[key]?.text ?? text, problem: error });
  }
}
/** Main's Find in the open translation's own wording (none open: nothing). */
export function findInTranslation(options: FindOptions): Promise<TranslationMatch[]> {
  const { transcriptId, language } = useTranslations.getState();
  if (!transcriptId || !language || !options.find) return Promise.resolve([]);
  return api.translation.find({ transcriptId, language, ...options });
}

/** Replaces one span of a translated row's wording (the editor's Replace on a match main found there), saved as an edit. */
export function replaceInTranslatedRow(rowId: string, index: number, length: number, replacement: string): Promise<void> {
  const text = useTranslations.getState().translation?.rows.find((row) => row.id === rowId)?.text;
  if (text === undefined) return Promise.resolve();
  return editTranslatedRow(rowId, text.slice(0, index) + replacement + text.slice(index + length));
}

export const saveGlossary = async (entries: GlossaryEntry[]) => took(await api.translation.setGlossary({ ...target(), entries }));

/** Names and terms already kept for a language not open here (none before its first). */
export const glossaryOf = async (transcriptId: string, language: string) => (await api.translation.get({ transcriptId, language }))?.glossary ?? [];

/**
 * Names and terms for a language before its translation starts, so the first batch carries them:
 * main keeps them with a translation whose rows are all pending (listed, and started from there).
 */
export async function saveGlossaryBefore(transcriptId: string, language: string, entries: GlossaryEntry[]) {
  const kept = await api.translation.setGlossary({ transcriptId, language, entries });
  void reload();
  return kept.glossary;
}
export const exportTranslation = (format: 'srt' | 'vtt', bilingual: boolean) => api.translation.export({ ...target(), format, bilingual });

export async function removeTranslation() {
  const where = target();
  await api.translation.remove(where);
  const prefix = `${where.transcriptId}\n${where.language}\n`;
  set({ drafts: Object.fromEntries(Object.entries(useTranslations.getState().drafts).filter(([key]) => !key.startsWith(prefix))) });
  showTranslation(null);
}

export { cancelModelJob as cancelTranslation, resumeModelJob as resumeTranslation } from '../api/model-job-watch';
