/** The long-recording jobs in the queue: their views for the screen, and their controls. */
import { create } from 'zustand';
import { MAX_UPLOAD_BYTES } from '../../../shared/contract/transcription';
import { api } from '../../api';
import { type JobHost, LongJob, type LongJobView } from './job';
import { createWorkerSplitter } from './splitter';

/** Files over the service's limit are split; anything up to it is sent whole. */
export const needsSplitting = (file: File) => file.size > MAX_UPLOAD_BYTES;

interface LongJobsState {
  jobs: LongJobView[];
  add(file: File, host: JobHost): void;
  cancel(key: string): void;
  retry(key: string): void;
  remove(key: string): void;
  /** Removes the transcribed and the refused, as the queue's Clear finished does for its files. */
  clearFinished(): void;
}

const ACTIVE = new Set<LongJobView['phase']>(['preparing', 'waiting', 'transcribing', 'saving']);
export const isActive = (job: LongJobView) => ACTIVE.has(job.phase);
export const isFinished = (job: LongJobView) => job.phase === 'done' || job.phase === 'rejected';

export const useLongJobs = create<LongJobsState>((set, get) => {
  const running = new Map<string, LongJob>();
  const show = (view: LongJobView) => set((s) => ({ jobs: s.jobs.map((j) => (j.key === view.key ? view : j)) }));

  return {
    jobs: [],

    add(file, host) {
      const job = new LongJob(crypto.randomUUID(), file, host, { api: api.transcription, files: api.files, createSplitter: createWorkerSplitter });
      running.set(job.key, job);
      set((s) => ({ jobs: [...s.jobs, job.view] }));
      job.subscribe(show);
      job.start();
    },

    cancel: (key) => running.get(key)?.cancel(),
    retry: (key) => running.get(key)?.retry(),

    remove(key) {
      running.get(key)?.dispose();
      running.delete(key);
      set((s) => ({ jobs: s.jobs.filter((j) => j.key !== key) }));
    },

    clearFinished() {
      for (const job of get().jobs) if (isFinished(job)) get().remove(job.key);
    },
  };
});
