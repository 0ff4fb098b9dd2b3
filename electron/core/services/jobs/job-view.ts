import type { Job, JobPart } from '../../../../shared/contract/jobs';
import { estimateSecondsLeft } from './estimate';
import type { StoredJob } from './job-store';
import type { Live } from './run-io';

export const IDLE: Live = { step: null, planned: null, prepared: null, sending: {}, waitUntil: null, timings: [] };

/** A job as the page shows it: what is kept, and while it runs, where it is. */
export function jobView(job: StoredJob, live: Live = IDLE, now = Date.now()): Job {
  const plan = job.plan;
  const inFlight = Object.entries(live.sending);
  const running = job.state === 'running';
  const seconds = (sample: number) => (plan ? sample / plan.sampleRate : 0);
  const parts: JobPart[] = plan
    ? job.parts.map((part) => {
        const cut = plan.cuts[part.index]!;
        const current = job.state === 'running' && part.state !== 'done' ? (live.sending[part.index]?.state ?? null) : null;
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
    // Several parts in flight count together: their bytes sent, of theirs all.
    sentBytes: inFlight.reduce((sum, [, part]) => sum + part.sent, 0),
    totalBytes: inFlight.reduce((sum, [, part]) => sum + part.total, 0),
    currentPart: running && inFlight.length ? Math.min(...inFlight.map(([index]) => Number(index))) : null,
    partsInFlight: running ? inFlight.filter(([, part]) => part.state !== 'encoding').length : 0,
    wait: running && live.waitUntil !== null && live.waitUntil > now ? { code: 'job.rate_limited', values: { seconds: Math.ceil((live.waitUntil - now) / 1000) } } : null,
    parts,
    durationSeconds: plan?.durationSeconds ?? null,
    etaSeconds: job.state === 'running' && plan ? estimateSecondsLeft(live.timings, remaining) : null,
    failure: job.failure,
    problem: job.problem,
    recordId: job.recordId,
  };
}
