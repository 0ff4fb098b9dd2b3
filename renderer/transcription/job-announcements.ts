import { type Job, jobFraction } from '../../shared/contract/jobs';
import { announce, progressMilestone } from '../common/announcer';
import { i18n } from '../i18n';

/**
 * What a screen reader hears of a job: its quarters (at most once per throttle for a job, see
 * the announcer) and its end. Main's events come several times a second; only milestones speak,
 * worded when they are said.
 */
export function announceJob(before: Job | undefined, job: Job): void {
  const name = job.fileName;
  if (job.state === 'done' && before?.state !== 'done') return announce(i18n.t('transcription:announce.done', { name }), { key: job.id, final: true });
  if (job.state === 'failed' && before?.state !== 'failed') return announce(i18n.t('transcription:announce.failed', { name }), { key: job.id, final: true });
  if (job.state !== 'running' || !before) return;
  const milestone = progressMilestone(jobFraction(before) ?? 0, jobFraction(job) ?? 0);
  if (milestone === null) return;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(milestone / 100);
  announce(i18n.t('transcription:announce.progress', { name, percent }), { key: job.id });
}
