import { useTranslation } from 'react-i18next';
import { MAX_MESSAGE_CHARS } from '../../shared/contract/conversations';
import { problemText, problemWords } from '../common/problem-text';
import { useFormats } from '../i18n';
import { type PastedNote, usePasted } from './pasted';

function useNoteText(): (note: PastedNote) => string {
  const { t } = useTranslation('chat');
  return (note) => {
    switch (note.kind) {
      case 'alreadyHeld':
        return t('pasted.alreadyHeld');
      case 'refused':
        return t('pasted.refused', { problem: problemWords(note.problem) });
      case 'notKept':
        return t('pasted.notKept', { problem: problemText(note.error) });
      case 'notSaved':
        return t('pasted.notSaved', { problem: problemText(note.error) });
      case 'saved':
        return note.text;
    }
  };
}

/** A paste too long for a message, shown as what it is: an attached text the user can save or remove. */
export function PastedChip({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const noteText = useNoteText();
  const pasted = usePasted((s) => s.held[conversationId]);
  const staging = usePasted((s) => conversationId in s.staging);
  const note = usePasted((s) => s.notes[conversationId]);
  const { save, remove } = usePasted.getState();
  if (staging) return <p className="hint" role="status">{t('pasted.staging')}</p>;
  if (!pasted) return note ? <p className="field-error" role="status">{noteText(note)}</p> : null;
  return (
    <div className="pasted" role="group" aria-label={t('pasted.group')}>
      <div className="pasted-chip">
        <span className="pasted-name">
          {t('pasted.chip', { size: format.size(pasted.size), lines: t('pasted.lines', { count: pasted.lines }) })}
        </span>
        <button type="button" className="link" onClick={() => void save(conversationId)}>
          {t('pasted.save')}
        </button>
        <button type="button" className="link" aria-label={t('pasted.removeLabel')} onClick={() => void remove(conversationId)}>
          {t('pasted.remove')}
        </button>
      </div>
      <p className="field-error" role="status">
        {note
          ? noteText(note)
          : t('pasted.tooLong', { characters: format.number(pasted.characters), max: format.number(MAX_MESSAGE_CHARS) })}
      </p>
    </div>
  );
}
