import { type Job, jobFraction } from '../../shared/contract/jobs';
import { announce, progressMilestone } from '../common/announcer';

/**
 * What a screen reader hears of a job: its quarters (at most once per throttle for a job, see
 * the announcer) and its end. Main's events come several times a second; only milestones speak.
 */
export function announceJob(before: Job | undefined, job: Job): void {
  if (job.state === 'done' && before?.state !== 'done') return announce(`${job.fileName} is transcribed.`, { key: job.id, final: true });
  if (job.state === 'failed' && before?.state !== 'failed') return announce(`${job.fileName} could not be transcribed.`, { key: job.id, final: true });
  if (job.state !== 'running' || !before) return;
  const milestone = progressMilestone(jobFraction(before) ?? 0, jobFraction(job) ?? 0);
  if (milestone !== null) announce(`${job.fileName}: ${milestone} % done.`, { key: job.id });
}
