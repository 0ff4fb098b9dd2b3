import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../common/problem-text';
import { useSizes } from './format';
import { ACCEPT } from './DropZone';
import { type IntakeItem, retryable, useIntake } from './intake';
import { JobRow } from './JobRow';
import { useJobs } from './jobs';
import { problemWords } from '../common/problem-text';

/** Why files wait before main's queue: the plan, or options that need fixing. */
export type Blocked = 'pro' | 'options' | null;

function IntakeStatus({ item, blocked }: { item: IntakeItem; blocked: Blocked }) {
  const { t } = useTranslation('transcription');
  const sizes = useSizes();
  switch (item.state) {
    case 'staging':
      return (
        <>
          <p className="queue-status">{item.cancelRequested ? t('queue.cancelling') : t('queue.staging', { progress: sizes.progress(item.staged, item.size) })}</p>
          <progress aria-label={t('queue.stagingLabel', { name: item.name })} value={item.staged} max={Math.max(1, item.size)} />
        </>
      );
    case 'held':
      return <p className="queue-status">{blocked === 'pro' ? t('queue.heldPro') : blocked === 'options' ? t('queue.heldOptions') : t('queue.heldAdding')}</p>;
    case 'cancelled':
      return <p className="queue-status">{t('status.cancelled')}</p>;
    case 'needsFile':
      return (
        <div className="queue-status problem" role="alert">
          {item.problem && <p>{problemWords(item.problem)}</p>}
          <p>{t('queue.needsFile', { name: item.name })}</p>
        </div>
      );
    case 'rejected':
      return (
        <p className="queue-status problem" role="alert">
          <RefusalWords item={item} />
        </p>
      );
  }
}

/** Why a file was refused on its way in: said in its queue row and in the notice in view (IntakeToast). */
export function RefusalWords({ item }: { item: IntakeItem }) {
  const { t } = useTranslation('transcription');
  const { failure } = item;
  if (failure) return t(failure.kind === 'notQueued' ? 'queue.notQueued' : 'queue.notAdded', { name: item.name, problem: problemText(failure.error) });
  return item.problem && problemWords(item.problem);
}

/** A file still on its way into the queue: being copied in, refused, or held for the options. */
function IntakeRow({ item, blocked }: { item: IntakeItem; blocked: Blocked }) {
  const { t } = useTranslation('transcription');
  const sizes = useSizes();
  const { cancel, retry, supply, remove } = useIntake.getState();
  const nameId = useId();
  const pending = item.state === 'staging' || item.state === 'held';
  return (
    <li className={`queue-item ${item.state}`} aria-labelledby={nameId} data-intake={item.key}>
      <div className="queue-line">
        <span className="queue-name" id={nameId} title={item.name} translate="no" dir="auto">
          {item.name}
        </span>
        <span className="queue-meta">{sizes.of(item.size)}</span>
        <span className="queue-actions">
          {pending ? (
            <button type="button" className="small secondary" disabled={item.cancelRequested} onClick={() => cancel(item.key)}>
              {t('queue.cancel')}
            </button>
          ) : (
            <>
              {retryable(item) && (
                <button type="button" className="small" onClick={() => retry(item.key)}>
                  {t('queue.retry')}
                </button>
              )}
              {item.state === 'needsFile' && (
                <label className="file-button small">
                  <input
                    type="file"
                    className="visually-hidden"
                    accept={ACCEPT}
                    aria-label={t('queue.chooseAgainLabel', { name: item.name })}
                    onChange={(event) => {
                      const [file] = event.target.files ?? [];
                      if (file) supply(item.key, file);
                    }}
                  />
                  {t('queue.chooseAgain')}
                </label>
              )}
              <button type="button" className="small secondary" aria-label={t('queue.removeLabel', { name: item.name })} onClick={() => remove(item.key)}>
                {t('queue.remove')}
              </button>
            </>
          )}
        </span>
      </div>
      <IntakeStatus item={item} blocked={blocked} />
    </li>
  );
}

/** Main's queue, in its order, then the files still coming in. Main runs one job at a time. */
export function Queue({ blocked }: { blocked: Blocked }) {
  const { t } = useTranslation('transcription');
  const jobs = useJobs((s) => s.jobs) ?? [];
  const refused = useJobs((s) => s.refused);
  const items = useIntake((s) => s.items).filter((item) => item.state !== 'adding');
  const finished = jobs.some((j) => j.state === 'done') || items.some((i) => i.state === 'rejected');
  const clearFinished = () => {
    useJobs.getState().clearFinished();
    useIntake.getState().clearFinished();
  };
  return (
    <section className="card queue" aria-labelledby="queue-heading">
      <div className="section-head">
        <h2 id="queue-heading">{t('queue.heading')}</h2>
        {finished && (
          <button type="button" className="small secondary" onClick={clearFinished}>
            {t('queue.clearFinished')}
          </button>
        )}
      </div>
      {refused && (
        <p className="queue-status problem" role="alert">
          {problemText(refused.error)}
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
