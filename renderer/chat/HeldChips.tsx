import { useTranslation } from 'react-i18next';
import { MAX_HELD_PER_MESSAGE } from '../../shared/contract/documents';
import { problemText, problemWords } from '../common/problem-text';
import { useFormats } from '../i18n';
import { chipText } from './chip-facts';
import { type HeldNote, useHeld } from './held';

function useNoteText(): (note: HeldNote) => string {
  const { t } = useTranslation('chat');
  return (note) => {
    switch (note.kind) {
      case 'tooMany':
        return t('held.tooMany', { max: MAX_HELD_PER_MESSAGE });
      case 'refused':
        return note.pasted ? t('held.pasteRefused', { problem: problemWords(note.problem) }) : problemWords(note.problem);
      case 'notKept':
        return t(note.pasted ? 'held.pasteNotKept' : 'held.notKept', { problem: problemText(note.error) });
      case 'notSaved':
        return t('held.notSaved', { problem: problemText(note.error) });
      case 'saved':
        return note.text;
    }
  };
}

/** Documents and long pastes held for the next Send, each as what it is: a name, its size in pages and tokens, Save and Remove. */
export function HeldChips({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const format = useFormats();
  const noteText = useNoteText();
  const items = useHeld((s) => s.held[conversationId]);
  const staging = useHeld((s) => conversationId in s.staging);
  const note = useHeld((s) => s.notes[conversationId]);
  const { save, remove } = useHeld.getState();
  const said = note ? (
    <p className={note.kind === 'saved' ? 'hint' : 'field-error'} role="status">
      {noteText(note)}
    </p>
  ) : null;
  if (!items?.length) return staging ? <p className="hint" role="status">{t('held.reading')}</p> : said;
  return (
    <div className="pasted" role="group" aria-label={t('held.group')}>
      {items.map((item) => (
          <div className="pasted-chip" key={item.id}>
            <span className="pasted-name" title={item.name}>
              {chipText(t, format, item)}
            </span>
            <button type="button" className="link" onClick={() => void save(conversationId, item.id)}>
              {t('held.save')}
            </button>
            <button type="button" className="link" aria-label={t('held.removeLabel', { name: item.name })} onClick={() => void remove(conversationId, item.id)}>
              {t('held.remove')}
            </button>
          </div>
      ))}
      {staging ? <p className="hint" role="status">{t('held.reading')}</p> : said}
    </div>
  );
}
