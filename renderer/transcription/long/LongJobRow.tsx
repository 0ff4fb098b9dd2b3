import { openSettings, useNavigation } from '../../chat';
import { FailureNotice } from '../../common/FailureNotice';
import { formatBytes, formatClock, formatProgress } from '../format';
import type { LongJobView, PartView } from './job';
import { isActive, useLongJobs } from './store';
import './long.css';

const partLabel = (part: PartView, count: number) => `Part ${part.index + 1} of ${count}`;

function PartStatus({ job, part }: { job: LongJobView; part: PartView }) {
  const label = partLabel(part, job.parts.length);
  switch (part.state) {
    case 'waiting':
    case 'encoding': {
      const length = part.endSeconds - part.startSeconds;
      return (
        <>
          <p className="queue-status">
            {label} — preparing the audio: {formatClock(part.encodedSeconds)} of {formatClock(length)}
          </p>
          <progress aria-label={`Preparing ${label.toLowerCase()} of ${job.name}`} value={part.encodedSeconds} max={Math.max(1, length)} />
        </>
      );
    }
    case 'staging':
    case 'staged':
      return <p className="queue-status">{label} — preparing the audio…</p>;
    case 'uploading':
      return (
        <>
          <p className="queue-status">
            {label} — {formatProgress(part.sent, part.total)}
          </p>
          <progress aria-label={`Upload of ${label.toLowerCase()} of ${job.name}`} value={part.sent} max={Math.max(1, part.total)} />
        </>
      );
    case 'transcribing':
      return (
        <>
          <p className="queue-status">{label} — uploaded. The service is transcribing…</p>
          <progress aria-label={`Transcription of ${label.toLowerCase()} of ${job.name}`} />
        </>
      );
    case 'done':
    case 'failed':
      return null;
  }
}

function Status({ job, blocked }: { job: LongJobView; blocked: string | null }) {
  const done = job.parts.filter((p) => p.state === 'done').length;
  switch (job.phase) {
    case 'preparing':
      if (!job.analysed) {
        return (
          <>
            <p className="queue-status">
              Finding pauses… {formatClock(job.decodedSeconds)}
              {job.totalSeconds ? ` of ${formatClock(job.totalSeconds)}` : ''}
            </p>
            <progress aria-label={`Finding pauses in ${job.name}`} value={job.decodedSeconds} max={Math.max(1, job.totalSeconds ?? job.decodedSeconds)} />
          </>
        );
      }
      return (
        <>
          <p className="queue-status">Preparing: reading {formatProgress(job.staged, job.size)}</p>
          <progress aria-label={`Preparing ${job.name}`} value={job.staged} max={Math.max(1, job.size)} />
        </>
      );
    case 'waiting':
      return <p className="queue-status">Waiting: {blocked ?? 'fix the options below to start.'}</p>;
    case 'transcribing': {
      const part = job.current === null ? undefined : job.parts[job.current];
      return (
        <>
          {part && <PartStatus job={job} part={part} />}
          <p className="queue-status long-parts">
            {done} of {job.parts.length} parts transcribed
          </p>
          <progress className="long-parts-bar" aria-label={`Parts of ${job.name}`} value={done} max={Math.max(1, job.parts.length)} />
        </>
      );
    }
    case 'saving':
      return <p className="queue-status">Joining the {job.parts.length} parts into one transcript…</p>;
    case 'done':
      return (
        <p className="queue-status done">
          Transcribed in {job.parts.length} {job.parts.length === 1 ? 'part' : 'parts'}
          {job.responseFormat ? ` as ${job.responseFormat}` : ''}
        </p>
      );
    case 'cancelled':
      return <p className="queue-status">Cancelled. Nothing was transcribed, and Confab kept no copy.</p>;
    case 'rejected':
      return (
        <p className="queue-status problem" role="alert">
          {job.problem}
        </p>
      );
    case 'failed': {
      const part = job.failedStep === 'transcribe' && job.current !== null ? job.parts[job.current] : undefined;
      return part ? (
        <p className="queue-status">
          {partLabel(part, job.parts.length)} failed; {done} {done === 1 ? 'part is' : 'parts are'} done and will not be sent again.
        </p>
      ) : null;
    }
  }
}

/** Cuts that found no pause near their target (rare: 30 s of unbroken speech or noise). */
function CutNotes({ job }: { job: LongJobView }) {
  const unpaused = job.parts.filter((p) => !p.startsInPause);
  if (!unpaused.length || job.phase === 'done' || job.phase === 'cancelled') return null;
  return (
    <p className="queue-status long-note">
      {unpaused.map((p) => `Part ${p.index + 1}`).join(', ')} {unpaused.length === 1 ? 'starts' : 'start'} at the quietest moment near{' '}
      {unpaused.map((p) => formatClock(p.startSeconds)).join(', ')}: no pause was found within 30 seconds.
    </p>
  );
}

/** A recording over the upload limit, split into parts and transcribed part by part. */
export function LongJobRow({ job, blocked }: { job: LongJobView; blocked: string | null }) {
  const { cancel, retry, remove } = useLongJobs.getState();
  const openTranscript = useNavigation((s) => s.openTranscript);
  const active = isActive(job);
  return (
    <li className={`queue-item long-job ${job.phase}`} aria-label={job.name}>
      <div className="queue-line">
        <span className="queue-name" title={job.name}>
          {job.name}
        </span>
        <span className="queue-meta">
          {formatBytes(job.size)}
          {job.duration !== null ? ` · ${formatClock(job.duration)}` : ''} · long recording
          {job.parts.length > 1 ? `, ${job.parts.length} parts` : ''}
        </span>
        <span className="queue-actions">
          {job.phase === 'done' && job.recordId && (
            <button type="button" className="small secondary" onClick={() => openTranscript(job.recordId!)}>
              Open
            </button>
          )}
          {job.phase === 'cancelled' && (
            <button type="button" className="small" onClick={() => retry(job.key)}>
              Retry
            </button>
          )}
          {(active || job.phase === 'failed') && (
            <button type="button" className="small secondary" onClick={() => cancel(job.key)}>
              Cancel
            </button>
          )}
          {!active && job.phase !== 'failed' && (
            <button type="button" className="small secondary" aria-label={`Remove ${job.name} from the queue`} onClick={() => remove(job.key)}>
              Remove
            </button>
          )}
        </span>
      </div>
      <Status job={job} blocked={blocked} />
      <CutNotes job={job} />
      {job.phase === 'failed' && job.failure && <FailureNotice failure={job.failure} onSettings={openSettings} onRetry={() => retry(job.key)} />}
      {job.phase === 'failed' && !job.failure && (
        <div className="notice error" role="alert">
          <p>{job.problem}</p>
          <div className="actions">
            <button type="button" onClick={() => retry(job.key)}>
              Retry
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** The long-recording jobs, as rows of the queue. */
export function LongJobRows({ blocked }: { blocked: string | null }) {
  const jobs = useLongJobs((s) => s.jobs);
  return (
    <>
      {jobs.map((job) => (
        <LongJobRow key={job.key} job={job} blocked={blocked} />
      ))}
    </>
  );
}
