import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SPEAKER_NAME_CHARS } from '../../shared/contract/transcriptEditor';
import { edit, useEditor } from './store';

// Speaker ids are UUIDs, so this value cannot be one.
const NEW = '+new';

/**
 * Where a speaker starts: the row's mark (a speaker, or none: the speaker above goes on).
 * "New speaker…" asks for a name, offering names used in earlier transcripts.
 */
export function SpeakerMark({ index, marked, name }: { index: number; marked: string | null; name: string | null }) {
  const { t } = useTranslation('editor');
  const speakers = useEditor((view) => view.document?.speakers);
  const known = useEditor((view) => view.known);
  const [naming, setNaming] = useState(false);
  const [draft, setDraft] = useState('');
  const listId = useId();

  if (naming) {
    const done = (save: boolean) => {
      if (save && draft.trim()) void edit({ type: 'speaker', block: index, speaker: { name: draft.trim() } });
      setNaming(false);
      setDraft('');
    };
    return (
      <form
        className="ed-speaker-new"
        onSubmit={(event) => {
          event.preventDefault();
          done(true);
        }}
      >
        <input
          type="text"
          autoFocus
          aria-label={t('speakers.newName', { row: index + 1 })}
          dir="auto"
          list={listId}
          maxLength={MAX_SPEAKER_NAME_CHARS}
          value={draft}
          placeholder={t('speakers.namePlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && done(false)}
        />
        <datalist id={listId}>
          {known.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
        <button type="submit" className="small">
          {t('speakers.add')}
        </button>
      </form>
    );
  }

  return (
    <select
      className={`ed-speaker${marked ? ' marked' : ''}`}
      aria-label={t('speakers.mark', { row: index + 1 })}
      // A long name is cut by the row's gutter; the whole of it is one hover away.
      title={name ? t('speakers.markTitle', { name }) : undefined}
      value={marked ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        if (value === NEW) setNaming(true);
        else void edit({ type: 'speaker', block: index, speaker: value ? { id: value } : null });
      }}
    >
      {name && !marked ? (
        <option value="" translate="no">
          {t('speakers.continued', { name })}
        </option>
      ) : (
        <option value="">{t('speakers.noMark')}</option>
      )}
      {speakers?.map((speaker) => (
        <option key={speaker.id} value={speaker.id} translate="no">
          {speaker.name}
        </option>
      ))}
      <option value={NEW}>{t('speakers.new')}</option>
    </select>
  );
}
