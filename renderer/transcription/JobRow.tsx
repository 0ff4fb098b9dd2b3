import type { Job } from '../../shared/contract/jobs';
import { openSettings, useNavigation } from '../navigation';
import { FailureNotice } from '../common/FailureNotice';
import { counted } from '../../shared/domain/plural';
import { formatBytes, formatClock } from './format';
import { JobStatus } from './JobStatus';
import { isActive, useJobs } from './jobs';
import { problemWords } from '../common/problem-text';

function Actions({ job, first, last }: { job: Job; first: boolean; last: boolean }) {
  const { cancel, retry, resume, remove, move } = useJobs.getState();
  const openTranscript = useNavigation((s) => s.openTranscript);
  return (
    <span className="queue-actions">
      {job.state === 'queued' && !first && (
        <button type="button" className="small secondary" aria-label={`Move ${job.fileName} up`} onClick={() => move(job.id, -1)}>
          ↑
        </button>
      )}
      {job.state === 'queued' && !last && (
        <button type="button" className="small secondary" aria-label={`Move ${job.fileName} down`} onClick={() => move(job.id, 1)}>
          ↓
        </button>
      )}
      {job.state === 'done' && job.recordId && (
        <button type="button" className="small secondary" onClick={() => openTranscript(job.recordId!)}>
          Open
        </button>
      )}
      {job.state === 'cancelled' && (
        <button type="button" className="small" onClick={() => retry(job.id)}>
          Retry
        </button>
      )}
      {job.state === 'interrupted' && (
        <button type="button" className="small" onClick={() => resume(job.id)}>
          Resume
        </button>
      )}
      {(isActive(job) || job.state === 'interrupted') && (
        <button type="button" className="small secondary" onClick={() => cancel(job.id)}>
          Cancel
        </button>
      )}
      {!isActive(job) && (
        <button type="button" className="small secondary" aria-label={`Remove ${job.fileName} from the queue`} onClick={() => remove(job.id)}>
          Remove
        </button>
      )}
    </span>
  );
}

/** One job of main's queue: a recording sent whole, or a long one part by part. */
export function JobRow({ job, first, last }: { job: Job; first: boolean; last: boolean }) {
  const retry = useJobs((s) => s.retry);
  const long = job.parts.length > 0;
  return (
    <li className={`queue-item ${job.state}${long ? ' long-job' : ''}`} aria-label={job.fileName}>
      <div className="queue-line">
        <span className="queue-name" title={job.fileName}>
          {job.fileName}
        </span>
        <span className="queue-meta">
          {job.format.toUpperCase()} · {formatBytes(job.size)}
          {job.durationSeconds !== null && ` · ${formatClock(job.durationSeconds)}`}
          {job.parts.length > 1 && ` · ${counted(job.parts.length, { one: 'part', other: 'parts' })}`}
        </span>
        <Actions job={job} first={first} last={last} />
      </div>
      <JobStatus job={job} />
      {job.state === 'failed' && job.failure && <FailureNotice failure={job.failure} onSettings={openSettings} onRetry={() => retry(job.id)} />}
      {job.state === 'failed' && !job.failure && (
        <div className="notice error" role="alert">
          <p>{job.problem && problemWords(job.problem)}</p>
          <div className="actions">
            <button type="button" onClick={() => retry(job.id)}>
              Retry
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
