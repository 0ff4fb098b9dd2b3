import { create } from 'zustand';
import type { Job } from '../../shared/contract/jobs';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { announceJob } from './job-announcements';
import { applyJobEvent } from './job-events';
import { problemText } from '../common/problem-text';

/** Jobs that are not finished: the queue's work. */
export const isActive = (job: Job) => job.state === 'queued' || job.state === 'running';

interface JobsState {
  /** Main's queue, in its order; null until the watch's first event. */
  jobs: Job[] | null;
  /** Why the last intent was refused. */
  problem: string | null;
  cancel(id: string): void;
  retry(id: string): void;
  resume(id: string): void;
  /** Moves a job one place up (-1) or down (+1) in the queue. */
  move(id: string, by: -1 | 1): void;
  remove(id: string): void;
  clearFinished(): void;
}

/**
 * A thin client of main's queue: the jobs as main reports them, and intents. Nothing here
 * decides what runs; a reloaded page gets every job as it stands and follows it live.
 */
export const useJobs = create<JobsState>((set, get) => {
  const ask = (intent: Promise<void>) =>
    void intent.then(
      () => set({ problem: null }),
      (error: unknown) => set({ problem: problemText(error) }),
    );
  return {
    jobs: null,
    problem: null,
    cancel: (id) => ask(api.jobs.cancel({ id })),
    retry: (id) => ask(api.jobs.retry({ id })),
    resume: (id) => ask(api.jobs.resume({ id })),
    move(id, by) {
      const ids = (get().jobs ?? []).map((job) => job.id);
      const at = ids.indexOf(id);
      if (at < 0 || at + by < 0 || at + by >= ids.length) return;
      // Down one place is before the job two places down (or last).
      const before = by < 0 ? ids[at - 1]! : (ids[at + 2] ?? null);
      ask(api.jobs.reorder({ id, before }));
    },
    remove: (id) => ask(api.jobs.remove({ id })),
    clearFinished: () => ask(api.jobs.clearFinished()),
  };
});

/**
 * Watches main's queue for this page. `onDone` hears of each job this page saw finish (not
 * those already done when it loaded).
 */
export function watchJobs(onDone: (job: Job) => void): () => void {
  return watchStream(api.jobs.watch, (event) => {
    const before = useJobs.getState().jobs;
    const jobs = applyJobEvent(before, event);
    useJobs.setState({ jobs });
    if (event.type !== 'job') return;
    const was = before?.find((job) => job.id === event.job.id);
    announceJob(was, event.job);
    if (event.job.state === 'done' && was?.state !== 'done') onDone(event.job);
  });
}
