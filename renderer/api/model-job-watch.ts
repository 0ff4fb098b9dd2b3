import type { ModelJob } from '../../shared/contract/modelJobs';
import { api } from './index';
import { watchStream } from './watch';

/** Every model job `mine` picks, as main's model-job watch reports them, on each change. */
export function watchModelJobs(mine: (job: ModelJob) => boolean, show: (jobs: ModelJob[]) => void): () => void {
  let jobs: ModelJob[] = [];
  return watchStream(api.modelJobs.watch, (event) => {
    if (event.type === 'jobs') jobs = event.jobs.filter(mine);
    else if (event.type === 'job') jobs = [...jobs.filter((job) => job.id !== event.job.id), ...(mine(event.job) ? [event.job] : [])];
    else if (event.type === 'removed') jobs = jobs.filter((job) => !event.ids.includes(job.id));
    else return;
    show(jobs);
  });
}

/**
 * Follows one feature's latest model job (the one `mine` picks): its progress and tokens for the
 * panel, and `ended` when it stops (done, cancelled or failed), so the panel reads what main kept
 * again, also when no page was following it (a reload, a job resumed).
 */
export function watchModelJob(mine: (job: ModelJob) => boolean, show: (job: ModelJob | null) => void, ended: () => void): () => void {
  let latest: ModelJob | null = null;
  return watchModelJobs(mine, (jobs) => {
    const found = [...jobs].sort((a, b) => a.createdAt - b.createdAt).at(-1) ?? null;
    const wasActive = latest?.state === 'running' || latest?.state === 'queued';
    if (wasActive && found?.id === latest?.id && found?.state !== latest?.state && ['done', 'cancelled', 'failed'].includes(found!.state)) ended();
    latest = found;
    show(found);
  });
}

/** Cancel keeps the parts done; Resume sends only the rest. */
// A job already gone or ended refuses; the watch shows where it is, so there is nothing more to say.
export const cancelModelJob = (id: string) => void api.modelJobs.cancel({ id }).catch(() => undefined);
export const resumeModelJob = (id: string) => void api.modelJobs.resume({ id }).catch(() => undefined);
