import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { JobQueue } from '../services/jobs/job-queue';

export function jobsHandlers(deps: { jobs: JobQueue }): Handlers<Contract>['jobs'] {
  const { jobs } = deps;
  return {
    watch: async (_input, ctx) => jobs.watch(ctx.emit, ctx.signal),
    add: async (input) => jobs.add(input),
    cancel: async ({ id }) => jobs.cancel(id),
    retry: async ({ id }) => jobs.retry(id),
    resume: async ({ id }) => jobs.resume(id),
    reorder: async ({ id, before }) => jobs.reorder(id, before),
    remove: async ({ id }) => jobs.remove(id),
    clearFinished: async () => jobs.clearFinished(),
  };
}
