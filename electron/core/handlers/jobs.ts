import type { Contract } from '../../../shared/contract';
import type { JobRequest } from '../../../shared/contract/jobs';
import { type Plan, transcriptionAllowed } from '../../../shared/domain/plan-rules';
import type { Handlers } from '../router';
import type { JobQueue } from '../services/jobs/job-queue';
import { Problem } from '../../../shared/domain/problem';

export function jobsHandlers(deps: { jobs: JobQueue; plan: () => Plan; defaults: () => JobRequest }): Handlers<Contract>['jobs'] {
  const { jobs } = deps;
  return {
    watch: async (_input, ctx) => jobs.watch(ctx.emit, ctx.signal),
    // Main's check, whatever the page showed: the file stays staged, so switching to Pro loses nothing.
    add: async (input) => {
      if (!transcriptionAllowed(deps.plan())) throw new Problem('job.needs_pro');
      return jobs.add({ fileId: input.fileId, request: input.request ?? deps.defaults() });
    },
    cancel: async ({ id }) => jobs.cancel(id),
    retry: async ({ id }) => jobs.retry(id),
    resume: async ({ id }) => jobs.resume(id),
    reorder: async ({ id, before }) => jobs.reorder(id, before),
    remove: async ({ id }) => jobs.remove(id),
    clearFinished: async () => jobs.clearFinished(),
  };
}
