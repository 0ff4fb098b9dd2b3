import { useTranslation } from 'react-i18next';
import type { ModelJob } from '../../shared/contract/modelJobs';
import { FailureNotice } from '../common/FailureNotice';
import { problemWords } from '../common/problem-text';
import { WaitLine } from '../common/WaitLine';
import { openSettings } from '../navigation';
import { cancelTranslation, resumeTranslation } from './store';

/**
 * A translation job's batches and tokens, with Cancel (finished batches kept) and Resume; and
 * why it stands still: the service's wait (a 429 or 503, counted down as transcription's is), or
 * the failure with what to do (a key to fix in Settings, an offline service), as the queue says it.
 */
export function JobProgress({ job }: { job: ModelJob | null }) {
  const { t } = useTranslation('transcription');
  if (!job) return null;
  const active = job.state === 'running' || job.state === 'queued';
  const resumable = job.state === 'cancelled' || job.state === 'failed' || job.state === 'interrupted';
  if (!active && !resumable) return null;
  const waitSeconds = active && job.waitUntil !== null ? Math.ceil((job.waitUntil - Date.now()) / 1000) : 0;
  const failure = job.state === 'failed' ? job.failure : null;
  return (
    <>
      <div className="actions translation-progress">
        <span role="status">
          {t(active ? 'translation.progress' : 'translation.stopped', { done: job.partsDone, total: job.partsTotal, tokens: job.usage.total_tokens })}
        </span>
        {active ? (
          <button type="button" className="secondary small" onClick={() => cancelTranslation(job.id)}>
            {t('translation.stop')}
          </button>
        ) : (
          // A failure's notice below carries its own Try again (which resumes).
          !failure && (
            <button type="button" className="secondary small" onClick={() => resumeTranslation(job.id)}>
              {t('translation.resume')}
            </button>
          )
        )}
        {job.problem && !failure && (
          <span className="field-error" role="alert">
            {problemWords(job.problem)}
          </span>
        )}
      </div>
      {waitSeconds > 0 && <WaitLine wait={{ code: 'job.rate_limited', values: { seconds: waitSeconds } }} />}
      {failure && <FailureNotice failure={failure} onSettings={openSettings} onRetry={() => resumeTranslation(job.id)} />}
    </>
  );
}
