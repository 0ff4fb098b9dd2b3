import { randomUUID } from 'node:crypto';
import type { Job, JobRequest } from '../../../../shared/contract/jobs';
import { Problem } from '../../../../shared/domain/problem';
import { createJobEvents } from './job-events';
import type { JobFiles } from './job-files';
import type { SplitPlan } from '../audio-split/types';
import type { JobStore, StoredJob, StoredPart } from './job-store';
import { IDLE, jobView } from './job-view';
import type { Live } from './run-io';
import { CLOSING, type RunDeps, runJob } from './run-job';

/** How many jobs run at once: one, so each gets the whole upload bandwidth and they finish in order. */
const MAX_RUNNING = 1;

export interface StagedSource {
  path: string;
  name: string;
  size: number;
  format: string;
  mimeType: string;
}

export interface JobQueueDeps {
  store: JobStore;
  files: JobFiles;
  /** Hands a staged file over to the job (staging forgets it). */
  takeStaged(fileId: string): StagedSource;
  run: Omit<RunDeps, 'partPath'>;
}

/**
 * Main's one transcription queue. It decides what runs and when (in queue order, `MAX_RUNNING`
 * at once), keeps every job in its own SQLite file, and reports every change (job-events.ts). A job runs whether or not
 * a page watches; what was running when Confab ended is `interrupted` at the next start.
 */
export function createJobQueue(deps: JobQueueDeps) {
  const { store, files } = deps;
  store.markInterrupted();
  const jobs = new Map<string, StoredJob>(store.all().map((job) => [job.id, job]));
  files.prune(new Set(jobs.keys()));
  const live = new Map<string, Live>();
  const controllers = new Map<string, AbortController>();
  const running = new Map<string, Promise<void>>();
  const view = (job: StoredJob): Job => jobView(job, live.get(job.id));
  const events = createJobEvents(() => [...jobs.values()].map(view));
  const changed = (job: StoredJob, immediate: boolean) => events.changed(job.id, () => (jobs.get(job.id) === job ? view(job) : null), immediate);

  function find(id: string): StoredJob {
    const job = jobs.get(id);
    if (!job) throw new Problem('job.gone');
    return job;
  }

  function start(job: StoredJob) {
    const controller = new AbortController();
    controllers.set(job.id, controller);
    live.set(job.id, { ...IDLE });
    const run = runJob(job, { ...deps.run, partPath: files.partPath }, {
      signal: controller.signal,
      save: () => (store.save(job), changed(job, true)),
      savePart: (part) => (store.savePart(job.id, part), changed(job, true)),
      live(change, immediate = false) {
        // A late progress report after the run ended has nothing left to show.
        if (!live.has(job.id)) return;
        live.set(job.id, { ...live.get(job.id)!, ...change });
        changed(job, immediate);
      },
    }).finally(() => {
      running.delete(job.id);
      controllers.delete(job.id);
      live.delete(job.id);
      // The recording went to the history with the transcript; the folder has nothing left worth keeping.
      if (job.state === 'done') files.remove(job.id);
      changed(job, true);
      pump();
    });
    running.set(job.id, run);
  }

  function pump() {
    while (running.size < MAX_RUNNING) {
      const next = [...jobs.values()].find((job) => job.state === 'queued');
      if (!next) return;
      start(next);
    }
  }

  /** Back in the queue, keeping every part done; a failed part goes again with its same bytes. */
  function requeue(id: string, from: ReadonlyArray<StoredJob['state']>) {
    const job = find(id);
    if (!from.includes(job.state)) return;
    for (const part of job.parts) {
      if (part.state !== 'failed') continue;
      part.state = 'waiting';
      store.savePart(job.id, part);
    }
    Object.assign(job, { state: 'queued', failure: null, problem: null });
    store.save(job);
    changed(job, true);
    pump();
  }

  function remove(id: string) {
    find(id);
    if (running.has(id)) throw new Problem('job.running');
    store.remove(id);
    files.remove(id);
    jobs.delete(id);
    events.emit({ type: 'removed', ids: [id] });
  }

  // Queued jobs left from the last run go on by themselves.
  queueMicrotask(pump);

  return {
    /** `plan` and `parts` when the recording was cut (and partly transcribed) while it was recorded. */
    add({ fileId, request, recordingId = null, plan = null, parts = [] }: { fileId: string; request: JobRequest; recordingId?: string | null; plan?: SplitPlan | null; parts?: StoredPart[] }): Job {
      const staged = deps.takeStaged(fileId);
      const id = randomUUID();
      const job: StoredJob = {
        id,
        state: 'queued',
        fileName: staged.name,
        size: staged.size,
        format: staged.format,
        mimeType: staged.mimeType,
        createdAt: Date.now(),
        request,
        sourcePath: files.adopt(id, staged.path, staged.format),
        plan,
        parts,
        failure: null,
        problem: null,
        recordId: null,
        recordingId,
      };
      store.save(job);
      if (parts.length) store.saveParts(id, parts);
      jobs.set(id, job);
      changed(job, true);
      pump();
      return view(job);
    },

    cancel(id: string) {
      const job = find(id);
      if (controllers.has(id)) return controllers.get(id)!.abort();
      if (job.state !== 'queued' && job.state !== 'interrupted') return;
      job.state = 'cancelled';
      store.save(job);
      changed(job, true);
    },

    retry: (id: string) => requeue(id, ['failed', 'cancelled']),
    resume: (id: string) => requeue(id, ['interrupted']),

    reorder(id: string, before: string | null) {
      find(id);
      const ids = [...jobs.keys()].filter((other) => other !== id);
      const at = before === null ? ids.length : ids.indexOf(before);
      ids.splice(at < 0 ? ids.length : at, 0, id);
      store.order(ids);
      const moved = new Map(ids.map((key) => [key, jobs.get(key)!]));
      jobs.clear();
      for (const [key, job] of moved) jobs.set(key, job);
      events.emit({ type: 'order', ids });
    },

    remove,

    clearFinished() {
      for (const job of [...jobs.values()]) if (job.state === 'done') remove(job.id);
    },

    /** Every job as it stands, then every change, until the page goes. */
    watch: events.watch,
    /** Main's own hook (notifications, taskbar progress): the same events as a page gets. */
    onJobEvent: events.onJobEvent,

    list: () => [...jobs.values()].map(view),

    /** Quitting: running jobs stop as interrupted (Resume at the next start), the rest is kept as it is. */
    async close() {
      for (const controller of controllers.values()) controller.abort(CLOSING);
      await Promise.allSettled([...running.values()]);
      events.close();
      await deps.run.splitter.close();
      store.close();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
