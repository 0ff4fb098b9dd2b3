import { type Job, type JobEvent, jobFraction } from '../../../shared/contract/jobs';
import type { JobSignal } from './job-signals';

const ENDED = new Set<Job['state']>(['done', 'failed']);
const BUSY = new Set<Job['state']>(['queued', 'running']);

/**
 * Turns the job queue's events (main's `onJobEvent`) into what the desktop shows: one progress
 * value for all the work still to do, each job's end (done or failed) once, and the bar gone
 * when nothing is left. Cancelling is the user's own act, so it is not announced.
 */
export function jobSignalFeed(out: { signal(signal: JobSignal): void; idle(): void }) {
  const jobs = new Map<string, Job>();
  let busy = false;

  return (event: JobEvent): void => {
    if (event.type === 'order') return;
    if (event.type === 'jobs') {
      jobs.clear();
      for (const job of event.jobs) jobs.set(job.id, job);
    } else if (event.type === 'removed') {
      for (const id of event.ids) jobs.delete(id);
    } else {
      const before = jobs.get(event.job.id);
      jobs.set(event.job.id, event.job);
      if (ENDED.has(event.job.state) && (!before || BUSY.has(before.state)))
        out.signal({ kind: 'ended', jobId: event.job.id, title: event.job.fileName, ok: event.job.state === 'done' });
    }
    const working = [...jobs.values()].filter((job) => BUSY.has(job.state));
    if (working.length === 0) {
      if (busy) out.idle();
      busy = false;
      return;
    }
    busy = true;
    const fractions = working.map(jobFraction);
    out.signal({ kind: 'progress', fraction: fractions.includes(null) ? null : fractions.reduce<number>((sum, f) => sum + (f ?? 0), 0) / working.length });
  };
}
