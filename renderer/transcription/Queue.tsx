import { formatBytes, formatProgress } from './format';
import { type IntakeItem, useIntake } from './intake';
import { JobRow } from './JobRow';
import { useJobs } from './jobs';
import { problemWords } from '../common/problem-text';

function IntakeStatus({ item, blocked }: { item: IntakeItem; blocked: string | null }) {
  switch (item.state) {
    case 'staging':
      return (
        <>
          <p className="queue-status">{item.cancelRequested ? 'Cancelling…' : `Preparing: reading ${formatProgress(item.staged, item.size)}`}</p>
          <progress aria-label={`Preparing ${item.name}`} value={item.staged} max={Math.max(1, item.size)} />
        </>
      );
    case 'held':
      return <p className="queue-status">Waiting: {blocked ?? 'adding it to the queue…'}</p>;
    case 'cancelled':
      return <p className="queue-status">Cancelled. Nothing was transcribed.</p>;
    case 'rejected':
      return (
        <p className="queue-status problem" role="alert">
          {item.problem && problemWords(item.problem)}
        </p>
      );
  }
}

/** A file still on its way into the queue: being copied in, refused, or held for the options. */
function IntakeRow({ item, blocked }: { item: IntakeItem; blocked: string | null }) {
  const { cancel, remove } = useIntake.getState();
  const pending = item.state === 'staging' || item.state === 'held';
  return (
    <li className={`queue-item ${item.state}`} aria-label={item.name}>
      <div className="queue-line">
        <span className="queue-name" title={item.name}>
          {item.name}
        </span>
        <span className="queue-meta">{formatBytes(item.size)}</span>
        <span className="queue-actions">
          {pending ? (
            <button type="button" className="small secondary" disabled={item.cancelRequested} onClick={() => cancel(item.key)}>
              Cancel
            </button>
          ) : (
            <button type="button" className="small secondary" aria-label={`Remove ${item.name} from the queue`} onClick={() => remove(item.key)}>
              Remove
            </button>
          )}
        </span>
      </div>
      <IntakeStatus item={item} blocked={blocked} />
    </li>
  );
}

/** Main's queue, in its order, then the files still coming in. Main runs one job at a time. */
export function Queue({ blocked }: { blocked: string | null }) {
  const jobs = useJobs((s) => s.jobs) ?? [];
  const problem = useJobs((s) => s.problem);
  const items = useIntake((s) => s.items).filter((item) => item.state !== 'adding');
  const finished = jobs.some((j) => j.state === 'done') || items.some((i) => i.state === 'rejected');
  const clearFinished = () => {
    useJobs.getState().clearFinished();
    useIntake.getState().clearFinished();
  };
  return (
    <section className="card queue" aria-labelledby="queue-heading">
      <div className="section-head">
        <h2 id="queue-heading">Queue</h2>
        {finished && (
          <button type="button" className="small secondary" onClick={clearFinished}>
            Clear finished
          </button>
        )}
      </div>
      {problem && (
        <p className="queue-status problem" role="alert">
          {problem}
        </p>
      )}
      <ol className="queue-list" aria-labelledby="queue-heading">
        {jobs.map((job, i) => (
          <JobRow key={job.id} job={job} first={i === 0 || jobs[i - 1]!.state !== 'queued'} last={i === jobs.length - 1} />
        ))}
        {items.map((item) => (
          <IntakeRow key={item.key} item={item} blocked={blocked} />
        ))}
      </ol>
    </section>
  );
}
