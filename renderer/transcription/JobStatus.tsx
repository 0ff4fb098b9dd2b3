import { useTranslation } from 'react-i18next';
import type { AudioProgress, Job } from '../../shared/contract/jobs';
import { problemWords } from '../common/problem-text';
import { useFormats } from '../i18n';
import { useSizes } from './format';
import { FORMAT_KEYS } from './request';
import { partRanges, partsOnTheirWay } from './parts-in-flight';
import { useSecondsLeft } from './seconds-left';
import { WaitLine } from '../common/WaitLine';

const partsDone = (job: Job) => job.parts.filter((p) => p.state === 'done').length;

/** A whole percentage in the UI language ("42 %", "٤٢٪"). */
function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (fraction: number) => format.format(Math.floor(fraction * 100) / 100);
}

/**
 * Audio being worked through (read to plan the parts, or made into the part to send): how far,
 * in words and on a bar, from the first report; without a length yet, a bar that says "busy".
 */
function AudioStep({ step, progress, name }: { step: string; progress: AudioProgress | null; name: string }) {
  const { t } = useTranslation('transcription');
  const percent = usePercent();
  const total = progress?.totalSeconds ?? null;
  const fraction = total ? Math.min(1, progress!.doneSeconds / total) : null;
  return (
    <>
      <p className="queue-status">{fraction === null ? t('status.busy', { step }) : t('status.busyPercent', { step, percent: percent(fraction) })}</p>
      {fraction === null ? <progress aria-label={name} /> : <progress aria-label={name} value={fraction} max={1} />}
    </>
  );
}

/** The part being sent, when the recording goes in several. */
type Part = { index: number; total: number } | null;

/** The bytes of what is being sent now, then the wait for the service. */
function Upload({ job, part, name }: { job: Job; part: Part; name: string }) {
  const { t } = useTranslation('transcription');
  const sizes = useSizes();
  if (job.totalBytes === 0) return <p className="queue-status">{part ? t('status.busy', { step: t('status.preparingPart', part) }) : t('status.starting')}</p>;
  if (job.sentBytes < job.totalBytes) {
    const progress = sizes.progress(job.sentBytes, job.totalBytes);
    return (
      <>
        <p className="queue-status">{part ? t('status.uploadingPart', { ...part, progress }) : t('status.uploading', { progress })}</p>
        <progress aria-label={t('status.uploadLabel', { name })} value={job.sentBytes} max={Math.max(1, job.totalBytes)} />
      </>
    );
  }
  return (
    <>
      <p className="queue-status">{part ? t('status.uploadedPart', part) : t('status.uploaded')}</p>
      <progress aria-label={t('status.transcribingLabel', { name })} />
    </>
  );
}

/** Several parts at once: which, then their bytes together (or their making, before any is sent). */
function Several({ job, numbers, reading }: { job: Job; numbers: number[]; reading: boolean }) {
  const { t } = useTranslation('transcription');
  const { number, list } = useFormats();
  const parts = list(partRanges(numbers, number));
  return (
    <>
      <p className="queue-status">{reading ? t('status.partsOnTheirWayReading', { parts }) : t('status.partsOnTheirWay', { parts, total: number(job.parts.length) })}</p>
      {job.totalBytes > 0 ? (
        <Upload job={job} part={null} name={job.fileName} />
      ) : (
        <AudioStep step={t('status.preparing')} progress={job.prepared} name={t('status.preparingLabel', { name: job.fileName })} />
      )}
    </>
  );
}

/**
 * A long recording's parts: the ones on their way (or the one, made from the recording, then
 * sent), how many are done, and the time left. A recording that fits in one part is not told in
 * parts. While the recording is still read (`reading`), the parts planned so far are not all of
 * them: no total is said, and the reading's own bar shows how far it is.
 */
function Parts({ job, reading = false }: { job: Job; reading?: boolean }) {
  const { t } = useTranslation('transcription');
  const { duration } = useFormats();
  const done = partsDone(job);
  const count = job.parts.length;
  const current = job.currentPart === null ? null : job.parts[job.currentPart];
  const part = current && count > 1 && !reading ? { index: current.index + 1, total: count } : null;
  const name = part ? t('status.partOfFile', { ...part, name: job.fileName }) : job.fileName;
  const moving = partsOnTheirWay(job);
  const secondsLeft = useSecondsLeft(job.etaSeconds);
  return (
    <>
      {moving.length > 1 ? (
        <Several job={job} numbers={moving} reading={reading} />
      ) : current?.state === 'encoding' ? (
        <AudioStep step={part ? t('status.preparingPart', part) : t('status.preparing')} progress={job.prepared} name={t('status.preparingLabel', { name })} />
      ) : (
        current && <Upload job={job} part={part} name={name} />
      )}
      {reading ? (
        <p className="queue-status long-parts">{t('status.partsDoneReading', { count: done })}</p>
      ) : (
        count > 1 && (
          <>
            <p className="queue-status long-parts">
              {secondsLeft === null ? t('status.partsDone', { done, count }) : t('status.partsDoneEta', { done, count, eta: duration(secondsLeft) })}
            </p>
            <progress className="long-parts-bar" aria-label={t('status.partsLabel', { name: job.fileName })} value={done} max={count} />
          </>
        )
      )}
    </>
  );
}

function Running({ job }: { job: Job }) {
  const { t } = useTranslation('transcription');
  switch (job.step) {
    case 'planning':
      // Parts go while the rest is read: the reading, then the parts already on their way or done.
      return (
        <>
          <AudioStep step={t('status.reading')} progress={job.planned} name={t('status.readingLabel', { name: job.fileName })} />
          {job.wait && <WaitLine wait={job.wait} />}
          {job.parts.length > 0 && <Parts job={job} reading />}
        </>
      );
    case 'saving':
      return <p className="queue-status">{job.parts.length > 1 ? t('status.joining', { count: job.parts.length }) : t('status.saving')}</p>;
    case 'transcribing':
      return (
        <>
          {/* Why nothing is being sent: the service asked for a pause, and Confab honours it. */}
          {job.wait && <WaitLine wait={job.wait} />}
          {job.parts.length ? <Parts job={job} /> : <Upload job={job} part={null} name={job.fileName} />}
        </>
      );
    case null:
      return <p className="queue-status">{t('status.starting')}</p>;
  }
}

/** What became of a job, in a line or two; a failure's notice is the row's. */
export function JobStatus({ job }: { job: Job }) {
  const { t } = useTranslation('transcription');
  const done = partsDone(job);
  const count = job.parts.length;
  switch (job.state) {
    case 'queued':
      return <p className="queue-status">{t('status.queued')}</p>;
    case 'running':
      return <Running job={job} />;
    case 'done': {
      const format = t(FORMAT_KEYS[job.responseFormat]);
      return (
        <>
          <p className="queue-status done">{count > 1 ? t('status.doneParts', { count, format }) : t('status.done', { format })}</p>
          {job.parts.map(
            (p) =>
              p.flag && (
                <p key={p.index} className="queue-status long-note">
                  {t('status.flagged', { index: p.index + 1, flag: problemWords(p.flag) })}
                </p>
              ),
          )}
        </>
      );
    }
    case 'cancelled':
      return <p className="queue-status">{done ? t('status.cancelledKept', { count: done }) : t('status.cancelled')}</p>;
    case 'interrupted':
      return <p className="queue-status">{done ? t('status.interruptedKept', { count: done }) : t('status.interrupted')}</p>;
    case 'failed': {
      const part = job.parts.find((p) => p.state === 'failed');
      return part && count > 1 ? <p className="queue-status">{t('status.partFailed', { index: part.index + 1, total: count, count: done })}</p> : null;
    }
  }
}
