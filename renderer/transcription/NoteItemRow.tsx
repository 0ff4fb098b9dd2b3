import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoteItem, TranscriptNotes } from '../../shared/contract/notes';
import { problemText } from '../common/problem-text';
import { useNavigation } from '../navigation';
import { formatClock } from './format';
import { editNoteItem } from './notes';

const STATUS_KEYS = { supported: 'notes.supported', unsupported: 'notes.unsupported', unchecked: 'notes.unchecked' } as const;

/**
 * One item of the notes: its time as a link that plays from its first cited row, its text (the
 * user's own line first when it fills one in), its status in words, and Edit.
 */
export function NoteItemRow(props: { transcriptId: string; item: NoteItem; busy: boolean; onSaved(notes: TranscriptNotes): void; onEditing(itemId: string, open: boolean): void }) {
  const { transcriptId, item, busy, onSaved, onEditing } = props;
  const { t } = useTranslation('transcription');
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  // The panel holds new notes back while a draft is open: they would replace this item, and the draft with it.
  const editing = draft !== null;
  useEffect(() => {
    if (!editing) return;
    onEditing(item.id, true);
    return () => onEditing(item.id, false);
  }, [editing, item.id, onEditing]);
  const open = () => useNavigation.getState().openTranscriptAt(transcriptId, item.rows);
  const save = async () => {
    if (draft === null || !draft.trim()) return;
    try {
      onSaved(await editNoteItem(transcriptId, item.id, draft));
      setDraft(null);
      setProblem(null);
    } catch (error) {
      setProblem(error);
    }
  };
  // A user's line the model could not fill in has no cited rows, and is theirs rather than unchecked.
  const status = item.rows.length === 0 && item.userText ? null : item.status;
  return (
    <li className={`note-item ${item.status}`} data-status={item.status}>
      {/* No link when the rows cited are not in the transcript (an unsupported item without a time). */}
      {item.rows.length > 0 && !(item.status === 'unsupported' && item.startMs === null) && (
        <button
          type="button"
          className="link note-time"
          dir="ltr"
          onClick={open}
          aria-label={item.startMs === null ? undefined : t('notes.playFrom', { time: formatClock(item.startMs / 1000) })}
        >
          {item.startMs === null ? t('notes.rows') : formatClock(item.startMs / 1000)}
        </button>
      )}
      <div className="note-body">
        {draft === null ? (
          <p dir="auto">
            {item.userText && <strong className="note-user">{item.userText}</strong>}
            {item.userText && item.text && ' — '}
            {item.text}
          </p>
        ) : (
          <textarea aria-label={t('notes.editLabel')} value={draft} onChange={(event) => setDraft(event.target.value)} rows={3} />
        )}
        <p className="note-meta">
          {item.owner && <span>{t('notes.owner', { owner: item.owner })}</span>}
          {item.due && <span>{t('notes.due', { due: item.due })}</span>}
          {status && <span className={`note-status ${status}`}>{t(STATUS_KEYS[status])}</span>}
          {item.edited && <span>{t('notes.edited')}</span>}
          {item.outOfDate && <span className="note-stale">{t('notes.itemOutOfDate')}</span>}
        </p>
        {problem !== null && (
          <p className="field-error" role="alert">
            {problemText(problem)}
          </p>
        )}
      </div>
      <div className="note-actions">
        {draft === null ? (
          <button type="button" className="link" disabled={busy} onClick={() => setDraft(item.text || item.userText || '')}>
            {t('notes.edit')}
          </button>
        ) : (
          <>
            <button type="button" className="small" disabled={!draft.trim()} onClick={() => void save()}>
              {t('notes.save')}
            </button>
            <button type="button" className="link" onClick={() => setDraft(null)}>
              {t('notes.cancel')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
