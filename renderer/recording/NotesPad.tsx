import { useTranslation } from 'react-i18next';
import { NOTES_MAX_CHARS } from '../../shared/domain/transcript';
import { problemText } from '../common/problem-text';
import { typed, usePad } from './notes-pad';
import { recordingTime } from './session';
import { useRecorder } from './store';

/**
 * The notes pad: what the user types while recording, line by line, each line kept by main with
 * the recording time it was written (shown beside the transcript at that time afterwards).
 * Markers come in as lines of their own. The text here is a draft: main keeps each line as it
 * ends, and typing within a second.
 */
export function NotesPad({ recordingId }: { recordingId: string }) {
  const { t } = useTranslation('recording');
  const open = usePad((s) => s.recordingId === recordingId);
  const text = usePad((s) => (s.recordingId === recordingId ? s.text : ''));
  const stopping = useRecorder((s) => s.phase === 'stopping');
  const unsent = usePad((s) => (s.recordingId === recordingId ? s.unsent : null));

  return (
    <section className="card rec-pad" aria-labelledby="rec-pad-heading">
      <h2 id="rec-pad-heading">
        <label htmlFor="rec-pad-text">{t('pad.heading')}</label>
      </h2>
      <p className="hint" id="rec-pad-hint">
        {t('pad.hint')}
      </p>
      {unsent !== null && (
        <p className="notice error" role="alert">
          {t('pad.unsent', { problem: problemText(unsent) })}
        </p>
      )}
      <textarea
        id="rec-pad-text"
        className="rec-pad-text"
        aria-describedby="rec-pad-hint"
        dir="auto"
        rows={8}
        maxLength={NOTES_MAX_CHARS}
        value={text}
        // Editable once it holds main's lines, whatever the capture does (main keeps them all the same);
        // not while Stop closes the recording, whose last send has gone.
        readOnly={!open || stopping}
        onChange={(event) => typed(recordingId, event.target.value, recordingTime() ?? usePad.getState().from)}
      />
    </section>
  );
}
