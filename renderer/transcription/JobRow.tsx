import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../shared/contract/jobs';
import { openSettings, useNavigation } from '../navigation';
import { SwitchToFree } from '../settings';
import { FailureNotice } from '../common/FailureNotice';
import { formatClock, useSizes } from './format';
import { JobStatus } from './JobStatus';
import { isActive, useJobs } from './jobs';
import { problemWords } from '../common/problem-text';

function Actions({ job, first, last }: { job: Job; first: boolean; last: boolean }) {
  const { t } = useTranslation('transcription');
  const { cancel, retry, resume, remove, move } = useJobs.getState();
  const openTranscript = useNavigation((s) => s.openTranscript);
  return (
    <span className="queue-actions">
      {/* Up and down are the queue's order, the same in either direction of writing. */}
      {job.state === 'queued' && !first && (
        <button type="button" className="small secondary" aria-label={t('queue.moveUp', { name: job.fileName })} onClick={() => move(job.id, -1)}>
          ↑
        </button>
      )}
      {job.state === 'queued' && !last && (
        <button type="button" className="small secondary" aria-label={t('queue.moveDown', { name: job.fileName })} onClick={() => move(job.id, 1)}>
          ↓
        </button>
      )}
      {job.state === 'done' && job.recordId && (
        <button type="button" className="small secondary" onClick={() => openTranscript(job.recordId!)}>
          {t('queue.open')}
        </button>
      )}
      {job.state === 'cancelled' && (
        <button type="button" className="small" onClick={() => retry(job.id)}>
          {t('queue.retry')}
        </button>
      )}
      {job.state === 'interrupted' && (
        <button type="button" className="small" onClick={() => resume(job.id)}>
          {t('queue.resume')}
        </button>
      )}
      {(isActive(job) || job.state === 'interrupted') && (
        <button type="button" className="small secondary" onClick={() => cancel(job.id)}>
          {t('queue.cancel')}
        </button>
      )}
      {!isActive(job) && (
        <button type="button" className="small secondary" aria-label={t('queue.removeLabel', { name: job.fileName })} onClick={() => remove(job.id)}>
          {t('queue.remove')}
        </button>
      )}
    </span>
  );
}

/** One job of main's queue: a recording sent whole, or a long one part by part. */
export function JobRow({ job, first, last }: { job: Job; first: boolean; last: boolean }) {
  const { t } = useTranslation('transcription');
  const sizes = useSizes();
  const retry = useJobs((s) => s.retry);
  const nameId = useId();
  const long = job.parts.length > 0;
  return (
    // Named by the file's name, which is the user's and is not translated.
    <li className={`queue-item ${job.state}${long ? ' long-job' : ''}`} aria-labelledby={nameId}>
      <div className="queue-line">
        <span className="queue-name" id={nameId} title={job.fileName} translate="no" dir="auto">
          {job.fileName}
        </span>
        <span className="queue-meta">
          {/* The file's type is its name, as the system shows it. */}
          <span translate="no">{job.format.toUpperCase()}</span>
          <span> · {sizes.of(job.size)}</span>
          {job.durationSeconds !== null && (
            <span>
              {' · '}
              <span dir="ltr">{formatClock(job.durationSeconds)}</span>
            </span>
          )}
          {job.parts.length > 1 && <span> · {t('queue.parts', { count: job.parts.length })}</span>}
        </span>
        <Actions job={job} first={first} last={last} />
      </div>
      <JobStatus job={job} />
      {job.state === 'failed' && job.failure && (
        <FailureNotice failure={job.failure} onSettings={openSettings} onRetry={() => retry(job.id)}>
          <SwitchToFree failure={job.failure} />
        </FailureNotice>
      )}
      {job.state === 'failed' && !job.failure && (
        <div className="notice error" role="alert">
          <p>{job.problem && problemWords(job.problem)}</p>
          <div className="actions">
            <button type="button" onClick={() => retry(job.id)}>
              {t('queue.retry')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
