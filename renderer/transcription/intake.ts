import { create } from 'zustand';
import type { JobRequest } from '../../shared/contract/jobs';
import type { StagedFile } from '../../shared/contract/transcription';
import { api } from '../api';
import { checkRequest } from './request';
import { isPro, useTranscription } from './store';
import type { ProblemData } from '../../shared/domain/problem';
import { type KeptIntake, adoptOrphanedIntake, keepIntake, loadKeptIntake, passingRefusal } from './intake-kept';

/**
 * A file on its way into main's queue: copied into Confab (staging), refused, or staged and
 * held while the options need fixing. Once main has it as a job, it is main's (jobs.ts).
 */
export interface IntakeItem {
  key: string;
  name: string;
  size: number;
  /**
   * adding: handed to main, whose job row stands for it from the moment main lists the job (the
   * job's event comes before the call's answer), so the file is never shown twice.
   * needsFile: a row from before a reload (intake-kept.ts), whose file the page no longer has.
   */
  state: 'staging' | 'held' | 'adding' | 'rejected' | 'cancelled' | 'needsFile';
  staged: number;
  fileId: string | null;
  /** Main's refusal of the file's content, as a code the row words. */
  problem: ProblemData | null;
  /** A call that failed on the way: the row words it with the error's problem. */
  failure: { kind: 'notQueued' | 'notAdded'; error: unknown } | null;
  cancelRequested: boolean;
  /** Added together with other files: followed in the queue, never opened by itself. */
  batch: boolean;
}

interface IntakeState {
  items: IntakeItem[];
  addFiles(files: readonly File[]): void;
  /** Recordings main keeps staged while the plan is Free (opened with Confab from the OS): listed, waiting for Pro. */
  addStaged(files: readonly StagedFile[]): void;
  cancel(key: string): void;
  /** Copies a file in again that was refused on the way (retryable), the page still holding it. */
  retry(key: string): void;
  /** The file a row from before a reload asked for, chosen again. */
  supply(key: string, file: File): void;
  remove(key: string): void;
  /** Hands every held file to main once the options are fine (after an options or plan change). */
  release(): void;
  clearFinished(): void;
}

/** A file refused on the way in (the disk, the connection), not for what it is: Retry copies it in again. */
export const retryable = (item: IntakeItem) => item.state === 'rejected' && (passingRefusal(item.problem) || item.failure?.kind === 'notAdded');

/** The rows a reload would lose with their files: asked for again after it. */
const toKeep = (items: readonly IntakeItem[]): KeptIntake[] =>
  items
    .filter((item) => item.state === 'staging' || item.state === 'needsFile' || retryable(item))
    .map(({ key, name, size, problem }) => ({ key, name, size, problem: passingRefusal(problem) ? problem : null }));

const fromKept = ({ key, name, size, problem }: KeptIntake): IntakeItem => ({
  key,
  name,
  size,
  state: 'needsFile',
  staged: 0,
  fileId: null,
  problem,
  failure: null,
  cancelRequested: false,
  batch: false,
});

/** The options every file is added with; null while they need fixing or the plan is not Pro. */
const requestNow = (): JobRequest | null => {
  if (!isPro()) return null;
  return checkRequest(useTranscription.getState().form).request;
};

/**
 * Jobs of files added together. A batch is followed in the queue, where every row shows how it
 * went; only a file added by itself opens its transcript when done (watch-queue.ts). Kept by the
 * page: a reload forgets it, and then a batch's last job may open, the lesser surprise than a
 * single file's transcript never opening.
 */
const addedTogether = new Set<string>();
/** Whether the job came in a batch (asked once, when it is done). */
export function cameInBatch(jobId: string): boolean {
  return addedTogether.delete(jobId);
}
/** Jobs main queued together (files opened from the OS at once). */
export function queuedTogether(jobIds: readonly string[]): void {
  if (jobIds.length > 1) for (const id of jobIds) addedTogether.add(id);
}

export const useIntake = create<IntakeState>((set, get) => {
  const files = new Map<string, File>();
  const aborts = new Map<string, AbortController>();
  /** Files are copied in one after another, in the order they were added. */
  let chain: Promise<void> = Promise.resolve();

  const update = (key: string, change: Partial<IntakeItem>) => set((s) => ({ items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) }));
  const drop = (key: string) => {
    files.delete(key);
    set((s) => ({ items: s.items.filter((i) => i.key !== key) }));
  };

  /** Main takes the staged file as a job; the row becomes the job's. */
  async function hand(key: string) {
    const item = get().items.find((i) => i.key === key);
    if (!item?.fileId || item.state !== 'held' || !requestNow()) return;
    update(key, { state: 'adding' });
    try {
      // Main queues it with its transcription defaults, which the form shows and has just kept.
      await useTranscription.getState().optionsKept();
      const job = await api.jobs.add({ fileId: item.fileId });
      if (item.batch) addedTogether.add(job.id);
      drop(key);
    } catch (error) {
      // Refused, it would stay staged with nothing left to reach it: the row asks for the file again.
      void api.transcription.discard({ fileId: item.fileId }).catch(() => undefined);
      update(key, { state: 'rejected', fileId: null, failure: { kind: 'notQueued', error } });
    }
  }

  async function stage(key: string) {
    const file = files.get(key);
    const item = get().items.find((i) => i.key === key);
    if (!file || item?.state !== 'staging') return;
    if (item.cancelRequested) return update(key, { state: 'cancelled' });
    const abort = new AbortController();
    aborts.set(key, abort);
    try {
      // 'original': main keeps the recording with its transcript, and splits it if it is long.
      const outcome = await api.files.stage(file, { name: file.name, purpose: 'original', signal: abort.signal, onProgress: (staged) => update(key, { staged }) });
      if (!outcome.ok) return update(key, { state: 'rejected', problem: outcome.problem });
      if (abort.signal.aborted) {
        void api.transcription.discard({ fileId: outcome.file.fileId }).catch(() => undefined);
        return update(key, { state: 'cancelled' });
      }
      update(key, { state: 'held', fileId: outcome.file.fileId, staged: file.size });
      await hand(key);
    } catch (error) {
      if (abort.signal.aborted) return update(key, { state: 'cancelled' });
      update(key, { state: 'rejected', failure: { kind: 'notAdded', error } });
    } finally {
      aborts.delete(key);
    }
  }

  /** Copies `key`'s file in (again), after the files added before it. */
  const restage = (key: string, change: Partial<IntakeItem>) => {
    update(key, { ...change, state: 'staging', staged: 0, problem: null, failure: null, cancelRequested: false });
    chain = chain.then(() => stage(key));
  };

  return {
    items: loadKeptIntake().map(fromKept),

    addFiles(added) {
      if (!added.length) return;
      if (!isPro()) {
        useTranscription.setState({ notice: { kind: 'needsPro', names: added.map((f) => f.name) } });
        return;
      }
      useTranscription.setState({ notice: null });
      const items = added.map((file): IntakeItem => {
        const key = crypto.randomUUID();
        files.set(key, file);
        return { key, name: file.name, size: file.size, state: 'staging', staged: 0, fileId: null, problem: null, failure: null, cancelRequested: false, batch: added.length > 1 };
      });
      set((s) => ({ items: [...s.items, ...items] }));
      for (const { key } of items) chain = chain.then(() => stage(key));
    },

    addStaged(staged) {
      if (!staged.length) return;
      // Kept, not discarded: they go to main's queue (release) once the plan is Pro.
      useTranscription.setState({ notice: { kind: 'heldForPro', names: staged.map((f) => f.name) } });
      const items = staged.map(
        (file): IntakeItem => ({
          key: crypto.randomUUID(),
          name: file.name,
          size: file.size,
          state: 'held',
          staged: file.size,
          fileId: file.fileId,
          problem: null,
          failure: null,
          cancelRequested: false,
          batch: staged.length > 1,
        }),
      );
      set((s) => ({ items: [...s.items, ...items] }));
      for (const { key } of items) chain = chain.then(() => hand(key));
    },

    cancel(key) {
      const item = get().items.find((i) => i.key === key);
      if (item?.state === 'staging') {
        update(key, { cancelRequested: true });
        aborts.get(key)?.abort();
      } else if (item?.state === 'held') {
        if (item.fileId) void api.transcription.discard({ fileId: item.fileId }).catch(() => undefined);
        update(key, { state: 'cancelled', fileId: null });
      }
    },

    retry(key) {
      const item = get().items.find((i) => i.key === key);
      if (item && retryable(item) && files.has(key)) restage(key, {});
    },

    supply(key, file) {
      const item = get().items.find((i) => i.key === key);
      if (item?.state !== 'needsFile') return;
      files.set(key, file);
      restage(key, { name: file.name, size: file.size });
    },

    remove(key) {
      const item = get().items.find((i) => i.key === key);
      if (item && (item.state === 'rejected' || item.state === 'cancelled' || item.state === 'needsFile')) drop(key);
    },

    release() {
      for (const item of get().items) if (item.state === 'held') void hand(item.key);
    },

    clearFinished() {
      for (const item of get().items) if (item.state === 'rejected') drop(item.key);
    },
  };
});

useIntake.subscribe((state, previous) => {
  if (state.items !== previous.items) keepIntake(toKeep(state.items));
});

// Rows a window that is gone kept come back here, asking for their files (kept at once, above).
void adoptOrphanedIntake((rows) => useIntake.setState((s) => ({ items: [...s.items, ...rows.map(fromKept)] }))).catch(() => undefined);
