import type { Job, JobPart } from '../../../../shared/contract/jobs';
import { estimateSecondsLeft } from './estimate';
import type { StoredJob } from './job-store';
import type { Live } from './run-job';

export const IDLE: Live = { step: null, planned: null, prepared: null, sentBytes: 0, totalBytes: 0, currentPart: null, partState: null, timings: [] };

/** A job as the page shows it: what is kept, and while it runs, where it is. */
export function jobView(job: StoredJob, live: Live = IDLE): Job {
  const plan = job.plan;
  const seconds = (sample: number) => (plan ? sample / plan.sampleRate : 0);
  const parts: JobPart[] = plan
    ? job.parts.map((part) => {
        const cut = plan.cuts[part.index]!;
        const current = job.state === 'running' && live.currentPart === part.index && part.state !== 'done' ? live.partState : null;
        return { index: part.index, startSeconds: seconds(cut.startSample), endSeconds: seconds(cut.endSample), state: current ?? part.state, flag: part.flag };
      })
    : [];
  const remaining = parts.filter((part) => part.state !== 'done').reduce((sum, part) => sum + part.endSeconds - part.startSeconds, 0);
  return {
    id: job.id,
    fileName: job.fileName,
    size: job.size,
    format: job.format,
    createdAt: job.createdAt,
    state: job.state,
    responseFormat: job.request.responseFormat,
    step: job.state === 'running' ? live.step : null,
    planned: job.state === 'running' ? live.planned : null,
    prepared: job.state === 'running' ? live.prepared : null,
    sentBytes: live.sentBytes,
    totalBytes: live.totalBytes,
    currentPart: job.state === 'running' ? live.currentPart : null,
    parts,
    durationSeconds: plan?.durationSeconds ?? null,
    etaSeconds: job.state === 'running' && plan ? estimateSecondsLeft(live.timings, remaining) : null,
    failure: job.failure,
    problem: job.problem,
    recordId: job.recordId,
  };
}
