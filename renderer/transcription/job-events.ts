import type { Job, JobEvent } from '../../shared/contract/jobs';

/** The queue as main last reported it, after one event of its watch stream (the page only mirrors it). */
export function applyJobEvent(jobs: Job[] | null, event: JobEvent): Job[] {
  const list = jobs ?? [];
  switch (event.type) {
    case 'jobs':
      return event.jobs;
    case 'job':
      return list.some((job) => job.id === event.job.id) ? list.map((job) => (job.id === event.job.id ? event.job : job)) : [...list, event.job];
    case 'order': {
      const byId = new Map(list.map((job) => [job.id, job]));
      return event.ids.flatMap((id) => byId.get(id) ?? []);
    }
    case 'removed':
      return list.filter((job) => !event.ids.includes(job.id));
  }
}
