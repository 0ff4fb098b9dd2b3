import type { Job } from '../../shared/contract/jobs';
import { formatClock, formatDuration, formatProgress } from './format';
import { FORMAT_NAMES } from '../common/names';

const partsDone = (job: Job) => job.parts.filter((p) => p.state === 'done').length;
const kept = (done: number) => `${done} ${done === 1 ? 'part is' : 'parts are'} done and will not be sent again`;

/** The bytes of what is being sent now, then the wait for the service. */
function Upload({ job, label, name }: { job: Job; label: string; name: string }) {
  if (job.totalBytes === 0) return <p className="queue-status">{label ? `${label} — preparing the audio…` : 'Starting…'}</p>;
  const prefix = label ? `${label} — ` : '';
  return job.sentBytes < job.totalBytes ? (
    <>
      <p className="queue-status">{label ? `${prefix}${formatProgress(job.sentBytes, job.totalBytes)}` : `Uploading ${formatProgress(job.sentBytes, job.totalBytes)}`}</p>
      <progress aria-label={`Upload of ${name}`} value={job.sentBytes} max={Math.max(1, job.totalBytes)} />
    </>
  ) : (
    <>
      <p className="queue-status">{prefix}{label ? 'uploaded' : 'Uploaded'}. The service is transcribing…</p>
      <progress aria-label={`Transcription of ${name}`} />
    </>
  );
}

/** A long recording's parts: the current one, how many are done, and the time left. */
function Parts({ job }: { job: Job }) {
  const done = partsDone(job);
  const current = job.currentPart === null ? null : job.parts[job.currentPart];
  const label = current ? `Part ${current.index + 1} of ${job.parts.length}` : '';
  return (
    <>
      {current && <Upload job={job} label={label} name={`${label.toLowerCase()} of ${job.fileName}`} />}
      <p className="queue-status long-parts">
        {done} of {job.parts.length} parts transcribed
        {job.etaSeconds !== null && ` · about ${formatDuration(job.etaSeconds)} left`}
      </p>
      <progress className="long-parts-bar" aria-label={`Parts of ${job.fileName}`} value={done} max={Math.max(1, job.parts.length)} />
    </>
  );
}

function Running({ job }: { job: Job }) {
  switch (job.step) {
    case 'planning': {
      const planned = job.planned ?? { doneSeconds: 0, totalSeconds: null };
      return (
        <>
          <p className="queue-status">
            Finding pauses… {formatClock(planned.doneSeconds)}
            {planned.totalSeconds ? ` of ${formatClock(planned.totalSeconds)}` : ''}
          </p>
          <progress aria-label={`Finding pauses in ${job.fileName}`} value={planned.doneSeconds} max={Math.max(1, planned.totalSeconds ?? planned.doneSeconds)} />
        </>
      );
    }
    case 'saving':
      return <p className="queue-status">Joining the {job.parts.length} parts into one transcript…</p>;
    case 'transcribing':
      return job.parts.length ? <Parts job={job} /> : <Upload job={job} label="" name={job.fileName} />;
    case null:
      return <p className="queue-status">Starting…</p>;
  }
}

/** What became of a job, in a line or two; a failure's notice is the row's. */
export function JobStatus({ job }: { job: Job }) {
  const done = partsDone(job);
  const count = job.parts.length;
  switch (job.state) {
    case 'queued':
      return <p className="queue-status">Waiting for the files above</p>;
    case 'running':
      return <Running job={job} />;
    case 'done': {
      const flagged = job.parts.filter((p) => p.flag);
      return (
        <>
          <p className="queue-status done">
            Transcribed{count > 1 ? ` in ${count} parts` : ''} as {FORMAT_NAMES[job.responseFormat]}
          </p>
          {flagged.map((p) => (
            <p key={p.index} className="queue-status long-note">
              Part {p.index + 1} may be wrong: {p.flag}. The transcript marks it.
            </p>
          ))}
        </>
      );
    }
    case 'cancelled':
      return <p className="queue-status">{done ? `Cancelled; ${kept(done)}.` : 'Cancelled. Nothing was transcribed.'}</p>;
    case 'interrupted':
      return <p className="queue-status">Interrupted when Confab closed{done ? `; ${kept(done)}` : ''}. Resume goes on from there.</p>;
    case 'failed': {
      const part = job.parts.find((p) => p.state === 'failed');
      return part ? (
        <p className="queue-status">
          Part {part.index + 1} of {count} failed; {kept(done)}.
        </p>
      ) : null;
    }
  }
}
