import { openSettings, useNavigation } from '../chat';
import { FailureNotice } from '../common/FailureNotice';
import { formatBytes, formatProgress } from './format';
import { type QueueItem, useTranscription } from './store';
import { LongJobRows } from './long/LongJobRow';
import { isFinished, useLongJobs } from './long/store';

function Status({ item, blocked }: { item: QueueItem; blocked: string | null }) {
  switch (item.state) {
    case 'staging':
      return (
        <>
          <p className="queue-status">{item.cancelRequested ? 'Cancelling…' : `Preparing: reading ${formatProgress(item.staged, item.size)}`}</p>
          <progress aria-label={`Preparing ${item.name}`} value={item.staged} max={Math.max(1, item.size)} />
        </>
      );
    case 'waiting':
      return <p className="queue-status">{blocked ? `Waiting: ${blocked}` : 'Waiting for the files above'}</p>;
    case 'uploading':
      if (item.cancelRequested) return <p className="queue-status">Cancelling…</p>;
      return item.sent < item.total ? (
        <>
          <p className="queue-status">Uploading {formatProgress(item.sent, item.total)}</p>
          <progress aria-label={`Upload of ${item.name}`} value={item.sent} max={Math.max(1, item.total)} />
        </>
      ) : (
        <>
          <p className="queue-status">Uploaded. The service is transcribing…</p>
          <progress aria-label={`Transcription of ${item.name}`} />
        </>
      );
    case 'done':
      return <p className="queue-status done">Transcribed{item.responseFormat ? ` as ${item.responseFormat}` : ''}</p>;
    case 'cancelled':
      return <p className="queue-status">Cancelled. Nothing was transcribed.</p>;
    case 'rejected':
      return (
        <p className="queue-status problem" role="alert">
          {item.problem}
        </p>
      );
    case 'failed':
      return null;
  }
}

function Row({ item, blocked }: { item: QueueItem; blocked: string | null }) {
  const { cancel, retry, remove } = useTranscription.getState();
  const openTranscript = useNavigation((s) => s.openTranscript);
  const canCancel = item.state === 'staging' || item.state === 'waiting' || item.state === 'uploading';
  return (
    <li className={`queue-item ${item.state}`} aria-label={item.name}>
      <div className="queue-line">
        <span className="queue-name" title={item.name}>
          {item.name}
        </span>
        <span className="queue-meta">
          {item.format ? `${item.format.toUpperCase()} · ` : ''}
          {formatBytes(item.size)}
        </span>
        <span className="queue-actions">
          {item.state === 'done' && item.recordId && (
            <button type="button" className="small secondary" onClick={() => openTranscript(item.recordId!)}>
              Open
            </button>
          )}
          {item.state === 'cancelled' && (
            <button type="button" className="small" onClick={() => retry(item.key)}>
              Retry
            </button>
          )}
          {canCancel && (
            <button type="button" className="small secondary" disabled={item.cancelRequested} onClick={() => cancel(item.key)}>
              Cancel
            </button>
          )}
          {!canCancel && (
            <button type="button" className="small secondary" aria-label={`Remove ${item.name} from the queue`} onClick={() => remove(item.key)}>
              Remove
            </button>
          )}
        </span>
      </div>
      <Status item={item} blocked={blocked} />
      {item.state === 'failed' && item.failure && (
        <FailureNotice failure={item.failure} onSettings={openSettings} onRetry={() => retry(item.key)} />
      )}
    </li>
  );
}

/** Every dropped or picked file and what became of it; one is transcribed at a time, in order. */
export function Queue({ blocked }: { blocked: string | null }) {
  const queue = useTranscription((s) => s.queue);
  const clearFinished = useTranscription((s) => s.clearFinished);
  const longFinished = useLongJobs((s) => s.jobs.some(isFinished));
  const finished = queue.some((i) => i.state === 'done' || i.state === 'rejected') || longFinished;
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
      <ol className="queue-list" aria-labelledby="queue-heading">
        {queue.map((item) => (
          <Row key={item.key} item={item} blocked={blocked} />
        ))}
        <LongJobRows blocked={blocked} />
      </ol>
    </section>
  );
}
