import { create } from 'zustand';
import type { Job } from '../../shared/contract/jobs';
import type { TranscriptReading, TranscriptSummary } from '../../shared/contract/transcription';
import type { SubtitleRules, Transcript } from '../../shared/domain/transcript';
import { api } from '../api';
import { useNavigation } from '../navigation';
import { useSettings } from '../settings';
import { DEFAULT_REQUEST, type RequestInput, checkRequest } from './request';
import { transcriptionAllowed } from '../../shared/domain/plan-rules';

export type AudioState =
  | { id: string; status: 'loading' }
  | { id: string; status: 'ready'; url: string }
  | { id: string; status: 'unavailable'; error: unknown };

// Refusals are kept as they came (a Problem's code and values); the screens word them, so a
// language switch re-words what is already shown.
export type RecordState = { status: 'ready'; record: TranscriptReading } | { status: 'missing'; error: unknown };
/** The service's result of an edited transcript, asked for when the user wants to see it. */
export type OriginalState = { status: 'loading' } | { status: 'ready'; transcript: Transcript } | { status: 'failed'; error: unknown };
/** Why dropped files were not added (Free plan: `names`), or why the options were not kept. */
export type IntakeNotice = { kind: 'needsPro' | 'heldForPro'; names: string[] } | { kind: 'optionsNotKept'; error: unknown };
export type ListError = { kind: 'notLoaded' | 'notDeleted'; error: unknown };

interface TranscriptionState {
  form: RequestInput;
  /** Newest first; null until loaded. */
  list: TranscriptSummary[] | null;
  listError: ListError | null;
  /** Opened transcripts as main last said they read, by id. */
  records: Record<string, RecordState>;
  /** The service's results of edited transcripts, by id. */
  originals: Record<string, OriginalState>;
  /** The audio of the transcript on screen. */
  audio: AudioState | null;
  /** Why the last dropped files were not added, when nothing was (Free plan), or why the options were not kept. */
  notice: IntakeNotice | null;
  /** Changes the options; valid ones become main's transcription defaults, which every file is queued with. */
  setForm(change: Partial<RequestInput>): void;
  /** Settles once main keeps the last valid options, so a file added now is queued with them. */
  optionsKept(): Promise<void>;
  /** The options as main keeps them (settings), shown in the form. */
  loadForm(): Promise<void>;
  loadList(): Promise<void>;
  /** Asks main how the transcript reads now (it may have been edited since it was last shown). */
  openRecord(id: string): Promise<void>;
  loadOriginal(id: string): Promise<void>;
  loadAudio(id: string): Promise<void>;
  deleteTranscript(id: string): Promise<boolean>;
  /** A transcript deleted (in this window or another): it leaves the list, and its result and recording here. */
  deleted(id: string): void;
  dismissNotice(): void;
}

export const isPro = () => transcriptionAllowed(useSettings.getState().settings?.plan ?? 'free');

export const useTranscription = create<TranscriptionState>((set, get) => {
  let audioToken = 0;
  let saving: Promise<void> = Promise.resolve();

  return {
    form: DEFAULT_REQUEST,
    list: null,
    listError: null,
    records: {},
    originals: {},
    audio: null,
    notice: null,

    setForm(change) {
      const form = { ...get().form, ...change };
      set({ form });
      const { request } = checkRequest(form);
      // In order, so the last change is the one main keeps.
      if (request) {
        saving = saving
          .then(() => api.settings.setTranscriptionDefaults({ request }))
          .then(
            () => undefined,
            (error: unknown) => set({ notice: { kind: 'optionsNotKept', error } }),
          );
      }
    },

    optionsKept: () => saving,

    async loadForm() {
      try {
        set({ form: await api.settings.transcriptionDefaults() });
      } catch {
        // The built-in options stay on screen; the next valid change is saved.
      }
    },

    async loadList() {
      try {
        set({ list: await api.transcription.list(), listError: null });
      } catch (error) {
        set({ listError: { kind: 'notLoaded', error } });
      }
    },

    async openRecord(id) {
      try {
        const record = await api.transcription.open({ id });
        // The original is read again when next wanted: an edited transcript may have been reverted since.
        const { [id]: _stale, ...originals } = get().originals;
        set((s) => ({ records: { ...s.records, [id]: { status: 'ready', record } }, originals }));
      } catch (error) {
        set((s) => ({ records: { ...s.records, [id]: { status: 'missing', error } } }));
      }
    },

    async loadOriginal(id) {
      if (get().originals[id]?.status === 'ready') return;
      set((s) => ({ originals: { ...s.originals, [id]: { status: 'loading' } } }));
      try {
        const transcript = await api.transcription.original({ id });
        set((s) => ({ originals: { ...s.originals, [id]: { status: 'ready', transcript } } }));
      } catch (error) {
        set((s) => ({ originals: { ...s.originals, [id]: { status: 'failed', error } } }));
      }
    },

    async loadAudio(id) {
      const current = get().audio;
      if (current?.id === id && current.status !== 'unavailable') return;
      const token = ++audioToken;
      set({ audio: { id, status: 'loading' } });
      try {
        // A URL main serves with range requests: the player reads only what it plays or seeks to.
        const { url } = await api.transcription.audioUrl({ id });
        if (token === audioToken) set({ audio: { id, status: 'ready', url } });
      } catch (error) {
        if (token === audioToken) set({ audio: { id, status: 'unavailable', error } });
      }
    },

    async deleteTranscript(id) {
      try {
        await api.transcription.remove({ id });
      } catch (error) {
        set({ listError: { kind: 'notDeleted', error } });
        return false;
      }
      get().deleted(id);
      set({ listError: null });
      return true;
    },

    deleted(id) {
      if (get().audio?.id === id) audioToken++;
      set((s) => {
        const { [id]: _removed, ...records } = s.records;
        const { [id]: _original, ...originals } = s.originals;
        return { records, originals, list: s.list?.filter((t) => t.id !== id) ?? null, audio: s.audio?.id === id ? null : s.audio };
      });
    },

    dismissNotice: () => set({ notice: null }),
  };
});

export const transcriptDeleted = (id: string) => useTranscription.getState().deleted(id);

/** A transcript edited (in any window): its result, when on screen here, reads as it now does (it is read anew whenever shown). */
export function transcriptChanged(id: string) {
  const { view, transcriptId } = useNavigation.getState();
  if (view === 'transcription' && transcriptId === id) void useTranscription.getState().openRecord(id);
}

/** A backup was restored: transcripts it brought back are listed at once. */
export const transcriptsRestored = () => useTranscription.getState().loadList();

/** The intake screen: drop zone, options, queue and recent transcripts. */
export const showTranscription = () => useNavigation.setState({ view: 'transcription', transcriptId: null });

/**
 * A job this page saw finish: the list shows its transcript, and a file added by itself with
 * nothing else under way opens while the queue is on screen. A batch stays in the queue, where
 * each row has Open: jumping to one result would hide how the others went.
 */
export function showFinished(job: Job, opens: boolean) {
  void useTranscription.getState().loadList();
  const nav = useNavigation.getState();
  if (job.recordId && nav.view === 'transcription' && nav.transcriptId === null && opens) nav.openTranscript(job.recordId);
}

/** The user's subtitle rules, kept by main for every subtitle export (the editor's too). */
export const loadSubtitleRules = (): Promise<SubtitleRules> => api.settings.subtitleRules();
export const saveSubtitleRules = (rules: SubtitleRules): Promise<SubtitleRules> => api.settings.setSubtitleRules({ rules });
/** Main saves the transcript: a save dialog in Electron, the browser's download in the harness. */
export const exportTranscript = (id: string, format: 'srt' | 'vtt' | 'txt' | 'json') => api.transcription.exportSubtitles({ id, format });
