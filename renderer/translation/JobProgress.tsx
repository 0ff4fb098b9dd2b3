import { useTranslation } from 'react-i18next';
import type { ModelJob } from '../../shared/contract/modelJobs';
import { problemWords } from '../common/problem-text';
import { cancelTranslation, resumeTranslation } from './store';

/** A translation job's batches and tokens, with Cancel (finished batches kept) and Resume. */
export function JobProgress({ job }: { job: ModelJob | null }) {
  const { t } = useTranslation('transcription');
  if (!job) return null;
  const active = job.state === 'running' || job.state === 'queued';
  const resumable = job.state === 'cancelled' || job.state === 'failed' || job.state === 'interrupted';
  if (!active && !resumable) return null;
  return (
    <div className="actions translation-progress">
      <span role="status">
        {t(active ? 'translation.progress' : 'translation.stopped', { done: job.partsDone, total: job.partsTotal, tokens: job.usage.total_tokens })}
      </span>
      {active ? (
        <button type="button" className="secondary small" onClick={() => cancelTranslation(job.id)}>
          {t('translation.stop')}
        </button>
      ) : (
        <button type="button" className="secondary small" onClick={() => resumeTranslation(job.id)}>
          {t('translation.resume')}
        </button>
      )}
      {job.problem && (
        <span className="field-error" role="alert">
          {problemWords(job.problem)}
        </span>
      )}
    </div>
  );
}
