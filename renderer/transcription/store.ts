import { create } from 'zustand';
import type { StreamMessage } from '../../shared/contract/client';
import type { TranscriptRecord, TranscriptSummary, TranscriptionEvent } from '../../shared/contract/transcription';
import type { ResponseFormat } from '../../shared/domain/transcript';
import type { ServiceFailure } from '../../shared/domain/service-failure';
import { api } from '../api';
import { announce, progressMilestone } from '../common/announcer';
import { useNavigation } from '../chat';
import { useSettings } from '../settings';
import { bridgeFailure, errorMessage } from './format';
import { DEFAULT_REQUEST, type RequestInput, checkRequest } from './request';
import type { JobHost } from './long/job';
import { isActive, needsSplitting, useLongJobs } from './long/store';

export type ItemState = 'staging' | 'rejected' | 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One dropped or picked file, from staging to its transcript. */
export interface QueueItem {
  key: string;
  name: string;
  size: number;
  state: ItemState;
  /** Bytes copied into Confab so far (staging). */
  staged: number;
  /** Set once main has the whole file and recognised it. */
  fileId: string | null;
  /** The format main recognised from the content, and its MIME type. */
  format: string | null;
  mimeType: string | null;
  /** Upload progress of the running transcription. */
  sent: number;
  total: number;
  streamId: string | null;
  cancelRequested: boolean;
  /** Why main would not take the file (not audio, empty, too large, unreadable). */
  problem: string | null;
  failure: ServiceFailure | null;
  responseFormat: ResponseFormat | null;
  recordId: string | null;
}

export type AudioState =
  | { id: string; status: 'loading' }
  | { id: string; status: 'ready'; url: string }
  | { id: string; status: 'unavailable'; problem: string };

export type RecordState = { status: 'ready'; record: TranscriptRecord } | { status: 'missing'; problem: string };

interface TranscriptionState {
  form: RequestInput;
  queue: QueueItem[];
  /** Newest first; null until loaded. */
  list: TranscriptSummary[] | null;
  listError: string | null;
  /** Opened transcripts, by id. */
  records: Record<string, RecordState>;
  /** The audio of the transcript on screen (one blob: URL at a time). */
  audio: AudioState | null;
  /** Why the last dropped files were not added, when nothing was (Free plan). */
  notice: string | null;
  setForm(change: Partial<RequestInput>): void;
  addFiles(files: readonly File[]): void;
  cancel(key: string): void;
  retry(key: string): void;
  remove(key: string): void;
  clearFinished(): void;
  /** Starts the next waiting file when nothing is running (after a plan or options change too). */
  pump(): void;
  loadList(): Promise<void>;
  openRecord(id: string): Promise<void>;
  loadAudio(id: string): Promise<void>;
  deleteTranscript(id: string): Promise<boolean>;
  dismissNotice(): void;
}

const ACTIVE: ReadonlySet<ItemState> = new Set(['staging', 'waiting', 'uploading']);

const summaryOf = (record: TranscriptRecord): TranscriptSummary => ({
  id: record.id,
  fileName: record.fileName,
  createdAt: record.createdAt,
  duration: record.transcript.duration,
  preview: record.transcript.text.slice(0, 160),
});

/** A blob: URL (a file of this session) holds memory until revoked; main's media URLs hold nothing. */
const release = (url: string) => url.startsWith('blob:') && URL.revokeObjectURL(url);

export const isPro = () => useSettings.getState().settings?.plan === 'pro';

export const useTranscription = create<TranscriptionState>((set, get) => {
  /** The File of each queued item (kept out of state: it is not data to render). */
  const files = new Map<string, File>();
  /** The original File of a transcript made in this session, so its playback needs no copy from main. */
  const recordFiles = new Map<string, Blob>();
  const streamKeys = new Map<string, string>();
  /** Events of a stream whose start call has not answered yet. */
  const early = new Map<string, TranscriptionEvent[]>();
  let subscribed = false;
  /** Files are staged one after another, in the order they were added. */
  let stagingChain: Promise<void> = Promise.resolve();
  /** The staging in progress, by item, so Cancel can stop its transfer. */
  const stagingAborts = new Map<string, AbortController>();
  let audioToken = 0;

  /** What a long recording's job (long/) needs of this store: the options, and a place for its transcript. */
  const longJobHost: JobHost = {
    request: () => (isPro() ? checkRequest(get().form).request : null),
    subscribe(listener) {
      const stops = [useTranscription.subscribe(listener), useSettings.subscribe(listener)];
      return () => stops.forEach((stop) => stop());
    },
    finished(record, file) {
      recordFiles.set(record.id, file);
      set((s) => ({
        records: { ...s.records, [record.id]: { status: 'ready', record } },
        list: [summaryOf(record), ...(s.list ?? []).filter((t) => t.id !== record.id)],
      }));
      const nav = useNavigation.getState();
      const others = get().queue.some((i) => ACTIVE.has(i.state)) || useLongJobs.getState().jobs.some(isActive);
      if (nav.view === 'transcription' && nav.transcriptId === null && !others) nav.openTranscript(record.id);
    },
  };

  const item = (key: string) => get().queue.find((i) => i.key === key);
  const update = (key: string, change: Partial<QueueItem>) =>
    set((s) => ({ queue: s.queue.map((i) => (i.key === key ? { ...i, ...change } : i)) }));

  function reject(key: string, problem: string) {
    update(key, { state: 'rejected', problem });
    files.delete(key);
  }

  /** Hands the file to main (by path in Electron, one raw upload in the harness); Cancel aborts it. */
  async function stage(key: string) {
    const file = files.get(key);
    const entry = item(key);
    if (!file || !entry || entry.state !== 'staging') return;
    if (entry.cancelRequested) return update(key, { state: 'cancelled', cancelRequested: false });
    const abort = new AbortController();
    stagingAborts.set(key, abort);
    let outcome;
    try {
      outcome = await api.files.stage(file, {
        name: file.name,
        purpose: 'upload',
        signal: abort.signal,
        onProgress: (staged) => update(key, { staged }),
      });
    } catch (error) {
      if (abort.signal.aborted) return update(key, { state: 'cancelled', cancelRequested: false, staged: 0 });
      return reject(
        key,
        `${file.name} could not be added (${errorMessage(error)}). Check that the file still exists and that you may open it, then add it again.`,
      );
    } finally {
      stagingAborts.delete(key);
    }
    if (!outcome.ok) return reject(key, outcome.problem);
    const { fileId, format, mimeType } = outcome.file;
    if (abort.signal.aborted) {
      // The copy finished just as Cancel was pressed: main drops it.
      void api.transcription.discard({ fileId }).catch(() => undefined);
      return update(key, { state: 'cancelled', cancelRequested: false, staged: 0 });
    }
    update(key, { state: 'waiting', staged: file.size, fileId, format, mimeType });
    get().pump();
  }

  const queueStaging = (key: string) => {
    stagingChain = stagingChain.then(() => stage(key));
  };

  function receive({ id, event }: StreamMessage<TranscriptionEvent>) {
    const key = streamKeys.get(id);
    if (key) apply(key, id, event);
    else early.set(id, [...(early.get(id) ?? []), event]);
  }

  function attach(key: string, streamId: string) {
    streamKeys.set(streamId, key);
    const entry = item(key);
    update(key, { streamId });
    if (entry?.cancelRequested) void api.transcription.transcribe.cancel(streamId);
    const waiting = early.get(streamId) ?? [];
    early.delete(streamId);
    for (const event of waiting) apply(key, streamId, event);
  }

  function settle(key: string, streamId: string | null, change: Partial<QueueItem>) {
    if (streamId) streamKeys.delete(streamId);
    update(key, { ...change, streamId: null, cancelRequested: false });
    get().pump();
  }

  function apply(key: string, streamId: string, event: TranscriptionEvent) {
    const entry = item(key);
    if (!entry || entry.state !== 'uploading') return;
    switch (event.type) {
      case 'progress': {
        const milestone = progressMilestone(entry.sent / (entry.total || 1), event.sentBytes / (event.totalBytes || 1));
        if (milestone !== null) announce(`${entry.name}: ${milestone} % uploaded.`, { key });
        return update(key, { sent: event.sentBytes, total: event.totalBytes });
      }
      case 'stopped':
        return settle(key, streamId, { state: 'cancelled' });
      case 'failed':
        announce(`${entry.name} could not be transcribed.`, { key, final: true });
        return settle(key, streamId, { state: 'failed', failure: event.failure });
      case 'done': {
        const { record } = event;
        const file = files.get(key);
        if (file) recordFiles.set(record.id, entry.mimeType ? new Blob([file], { type: entry.mimeType }) : file);
        files.delete(key);
        set((s) => ({
          records: { ...s.records, [record.id]: { status: 'ready', record } },
          list: [summaryOf(record), ...(s.list ?? []).filter((t) => t.id !== record.id)],
        }));
        settle(key, streamId, { state: 'done', recordId: record.id, sent: entry.total, fileId: null });
        announce(`${entry.name} is transcribed.`, { key, final: true });
        // A single file (or the last of a batch) opens by itself while its queue is on screen.
        const nav = useNavigation.getState();
        const others = get().queue.some((i) => ACTIVE.has(i.state));
        if (nav.view === 'transcription' && nav.transcriptId === null && !others) nav.openTranscript(record.id);
        return;
      }
    }
  }

  function start(key: string) {
    const entry = item(key);
    const { request } = checkRequest(get().form);
    if (!entry?.fileId || !request) return;
    if (!subscribed) {
      subscribed = true;
      api.transcription.transcribe.subscribe(receive);
    }
    update(key, {
      state: 'uploading',
      sent: 0,
      total: entry.size,
      failure: null,
      cancelRequested: false,
      streamId: null,
      responseFormat: request.responseFormat,
    });
    api.transcription.transcribe.start({ fileId: entry.fileId, ...request }).then(
      ({ id }) => attach(key, id),
      (error: unknown) => settle(key, null, { state: 'failed', failure: bridgeFailure(error) }),
    );
  }

  return {
    form: DEFAULT_REQUEST,
    queue: [],
    list: null,
    listError: null,
    records: {},
    audio: null,
    notice: null,

    setForm(change) {
      set((s) => ({ form: { ...s.form, ...change } }));
      get().pump();
    },

    addFiles(added) {
      if (!added.length) return;
      if (!isPro()) {
        set({ notice: `Nothing was added: transcription needs the Pro plan (${added.map((f) => f.name).join(', ')}).` });
        return;
      }
      // Recordings over the upload limit are split into parts and transcribed by their own job (long/).
      for (const file of added.filter(needsSplitting)) useLongJobs.getState().add(file, longJobHost);
      added = added.filter((file) => !needsSplitting(file));
      if (!added.length) return set({ notice: null });
      const items: QueueItem[] = added.map((file) => {
        const key = crypto.randomUUID();
        files.set(key, file);
        return {
          key,
          name: file.name,
          size: file.size,
          state: 'staging',
          staged: 0,
          fileId: null,
          format: null,
          mimeType: null,
          sent: 0,
          total: file.size,
          streamId: null,
          cancelRequested: false,
          problem: null,
          failure: null,
          responseFormat: null,
          recordId: null,
        };
      });
      set((s) => ({ queue: [...s.queue, ...items], notice: null }));
      for (const entry of items) queueStaging(entry.key);
    },

    cancel(key) {
      const entry = item(key);
      if (!entry) return;
      if (entry.state === 'waiting') return update(key, { state: 'cancelled' });
      if (entry.state === 'staging') {
        update(key, { cancelRequested: true });
        return stagingAborts.get(key)?.abort();
      }
      if (entry.state !== 'uploading') return;
      update(key, { cancelRequested: true });
      // Without the stream id yet, attach() cancels as soon as it arrives.
      if (entry.streamId) void api.transcription.transcribe.cancel(entry.streamId);
    },

    retry(key) {
      const entry = item(key);
      if (!entry || (entry.state !== 'failed' && entry.state !== 'cancelled')) return;
      // Main no longer has the copy (it restarted): copy the file in again, as when it was added.
      const restage = entry.failure?.code === 'not_staged' && files.has(key);
      if (entry.fileId && !restage) {
        update(key, { state: 'waiting', failure: null, cancelRequested: false, sent: 0 });
        get().pump();
      } else if (files.has(key)) {
        update(key, { state: 'staging', staged: 0, fileId: null, failure: null, cancelRequested: false });
        queueStaging(key);
      }
    },

    remove(key) {
      const entry = item(key);
      if (!entry || entry.state === 'uploading' || entry.state === 'staging') return;
      if (entry.fileId) void api.transcription.discard({ fileId: entry.fileId }).catch(() => undefined);
      files.delete(key);
      set((s) => ({ queue: s.queue.filter((i) => i.key !== key) }));
    },

    clearFinished() {
      set((s) => ({ queue: s.queue.filter((i) => i.state !== 'done' && i.state !== 'rejected') }));
      useLongJobs.getState().clearFinished();
    },

    pump() {
      const { queue, form } = get();
      if (queue.some((i) => i.state === 'uploading') || !isPro() || !checkRequest(form).request) return;
      const next = queue.find((i) => i.state === 'waiting');
      if (next) start(next.key);
    },

    async loadList() {
      try {
        set({ list: await api.transcription.list(), listError: null });
      } catch (error) {
        set({ listError: `Recent transcripts could not be loaded: ${errorMessage(error)}` });
      }
    },

    async openRecord(id) {
      if (get().records[id]?.status === 'ready') return;
      try {
        const record = await api.transcription.open({ id });
        set((s) => ({ records: { ...s.records, [id]: { status: 'ready', record } } }));
      } catch (error) {
        set((s) => ({ records: { ...s.records, [id]: { status: 'missing', problem: errorMessage(error) } } }));
      }
    },

    async loadAudio(id) {
      const current = get().audio;
      if (current?.id === id && current.status !== 'unavailable') return;
      if (current?.status === 'ready') release(current.url);
      const token = ++audioToken;
      const known = recordFiles.get(id);
      if (known) return set({ audio: { id, status: 'ready', url: URL.createObjectURL(known) } });
      set({ audio: { id, status: 'loading' } });
      try {
        // A URL main serves with range requests: the player reads only what it plays or seeks to.
        const { url } = await api.transcription.audioUrl({ id });
        if (token === audioToken) set({ audio: { id, status: 'ready', url } });
      } catch (error) {
        if (token === audioToken) set({ audio: { id, status: 'unavailable', problem: errorMessage(error) } });
      }
    },

    async deleteTranscript(id) {
      try {
        await api.transcription.remove({ id });
      } catch (error) {
        set({ listError: `The transcript could not be deleted: ${errorMessage(error)}` });
        return false;
      }
      const audio = get().audio;
      if (audio?.id === id) {
        audioToken++;
        if (audio.status === 'ready') release(audio.url);
      }
      recordFiles.delete(id);
      set((s) => {
        const { [id]: _removed, ...records } = s.records;
        return {
          records,
          list: s.list?.filter((t) => t.id !== id) ?? null,
          audio: s.audio?.id === id ? null : s.audio,
          listError: null,
        };
      });
      return true;
    },

    dismissNotice: () => set({ notice: null }),
  };
});

/** The intake screen: drop zone, options, queue and recent transcripts. */
export const showTranscription = () => useNavigation.setState({ view: 'transcription', transcriptId: null });
