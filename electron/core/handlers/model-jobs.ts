import type { Contract } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ModelJobQueue } from '../services/model-jobs/model-job-queue';

export function modelJobsHandlers(deps: { modelJobs: ModelJobQueue }): Handlers<Contract>['modelJobs'] {
  const { modelJobs } = deps;
  return {
    watch: async (_input, ctx) => modelJobs.watch(ctx.emit, ctx.signal),
    cancel: async ({ id }) => modelJobs.cancel(id),
    resume: async ({ id }) => modelJobs.resume(id),
    remove: async ({ id }) => modelJobs.remove(id),
  };
}
