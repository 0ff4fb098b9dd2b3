import { useTranslation } from 'react-i18next';
import type { ModelJob } from '../../shared/contract/modelJobs';
import type { NotesStretch, TranscriptNotes } from '../../shared/contract/notes';
import { formatClock } from '../common/timecode';
import { cancelNotesJob, resumeNotesJob } from './notes';

const clock = (ms: number | null) => (ms === null ? '?' : formatClock(ms / 1000));
/** "0:00–1:30:00, 2:00:00–3:00:00": stretches as the page names them, the same in every language. */
export const stretchesText = (stretches: readonly NotesStretch[]) => stretches.map((each) => `${clock(each.startMs)}–${clock(each.endMs)}`).join(', ');

/**
 * A notes job's progress (parts done of all, tokens used) with Cancel, which keeps the parts
 * done; and for notes made, the stretches they cover and those they do not, with Resume when the
 * job that left them out can go on (held, like Make notes again, while an item's edit is open:
 * the notes it keeps would replace the items and the draft with them).
 */
export function NotesJobStatus({ job, notes, held }: { job: ModelJob | null; notes: TranscriptNotes | null; held: boolean }) {
  const { t } = useTranslation('transcription');
  const active = job && (job.state === 'running' || job.state === 'queued');
  const resumable = job && (job.state === 'cancelled' || job.state === 'failed' || job.state === 'interrupted');
  return (
    <>
      {active && (
        <div className="actions notes-progress">
          <span role="status">{t('notes.progress', { done: job.partsDone, total: job.partsTotal, tokens: job.usage.total_tokens })}</span>
          <button type="button" className="secondary small" onClick={() => cancelNotesJob(job.id)}>
            {t('notes.stop')}
          </button>
        </div>
      )}
      {notes && notes.covers.length > 0 && (
        <p className="hint notes-covers">
          <span>{t('notes.covers')}</span> <span dir="ltr">{stretchesText(notes.covers)}</span>
        </p>
      )}
      {notes && notes.notCovered.length > 0 && (
        <div className="notice notes-gaps" role="status">
          <p>
            <span>{t('notes.notCovered')}</span> <span dir="ltr">{stretchesText(notes.notCovered)}</span>
          </p>
          {resumable && !active && (
            <button type="button" className="secondary" disabled={held} onClick={() => resumeNotesJob(job.id)}>
              {t('notes.resume')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
