import type { AudioProgress, Job } from '../../shared/contract/jobs';
import { counted, nounFor } from '../../shared/domain/plural';
import { formatDuration, formatProgress } from './format';
import { FORMAT_NAMES } from '../common/names';

const PARTS = { one: 'part', other: 'parts' };
const partsDone = (job: Job) => job.parts.filter((p) => p.state === 'done').length;
const kept = (done: number) => `${counted(done, PARTS)} ${nounFor(done, { one: 'is', other: 'are' })} done and will not be sent again`;
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/**
 * Audio being worked through (read to plan the parts, or made into the part to send): how far,
 * in words and on a bar, from the first report; without a length yet, a bar that says "busy".
 */
function AudioStep({ what, progress, name }: { what: string; progress: AudioProgress | null; name: string }) {
  const total = progress?.totalSeconds ?? null;
  const fraction = total ? Math.min(1, progress!.doneSeconds / total) : null;
  return (
    <>
      <p className="queue-status">
        {what}…{fraction !== null && ` ${percent.format(Math.floor(fraction * 100) / 100)}`}
      </p>
      {fraction === null ? <progress aria-label={name} /> : <progress aria-label={name} value={fraction} max={1} />}
    </>
  );
}

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

/**
 * A long recording's parts: the current one (made from the recording, then sent), how many are
 * done, and the time left. A recording that fits in one part is not told in parts.
 */
function Parts({ job }: { job: Job }) {
  const done = partsDone(job);
  const several = job.parts.length > 1;
  const current = job.currentPart === null ? null : job.parts[job.currentPart];
  const label = current && several ? `Part ${current.index + 1} of ${job.parts.length}` : '';
  const name = label ? `${label.toLowerCase()} of ${job.fileName}` : job.fileName;
  return (
    <>
      {current?.state === 'encoding' ? (
        <AudioStep what={label ? `${label} — preparing the audio` : 'Preparing the audio'} progress={job.prepared} name={`Preparing ${name}`} />
      ) : (
        current && <Upload job={job} label={label} name={name} />
      )}
      {several && (
        <>
          <p className="queue-status long-parts">
            {done} of {counted(job.parts.length, PARTS)} transcribed
            {job.etaSeconds !== null && ` · about ${formatDuration(job.etaSeconds)} left`}
          </p>
          <progress className="long-parts-bar" aria-label={`Parts of ${job.fileName}`} value={done} max={job.parts.length} />
        </>
      )}
    </>
  );
}

function Running({ job }: { job: Job }) {
  switch (job.step) {
    case 'planning':
      return <AudioStep what="Reading the recording" progress={job.planned} name={`Reading ${job.fileName}`} />;
    case 'saving':
      return <p className="queue-status">{job.parts.length > 1 ? `Joining the ${job.parts.length} parts into one transcript…` : 'Saving the transcript…'}</p>;
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
      return part && count > 1 ? (
        <p className="queue-status">
          Part {part.index + 1} of {count} failed; {kept(done)}.
        </p>
      ) : null;
    }
  }
}
