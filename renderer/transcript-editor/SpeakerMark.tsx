import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SPEAKER_NAME_CHARS } from '../../shared/contract/transcriptEditor';
import { personOf, usePeople } from '../people/store';
import { edit, useEditor } from './store';

// Speaker ids are UUIDs, so neither value can be one.
const NEW = '+new';
const PERSON = '+person:';

/**
 * Where a speaker starts: the row's mark (a speaker, or none: the speaker above goes on).
 * "New speaker…" asks for a name, offering names used in earlier transcripts.
 */
export function SpeakerMark({ index, marked, name }: { index: number; marked: string | null; name: string | null }) {
  const { t } = useTranslation('editor');
  const speakers = useEditor((view) => view.document?.speakers);
  const known = useEditor((view) => view.known);
  const people = usePeople((view) => view.people);
  // Everyone remembered who is not a speaker here yet is offered too (a speaker of theirs is added).
  const others = people.filter((person) => !speakers?.some((speaker) => (speaker.person !== undefined && personOf(people, speaker.person)?.id === person.id) || speaker.name === person.name));
  const names = [...new Set([...people.map((person) => person.name), ...known])];
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
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" className="small">
          {t('speakers.add')}
        </button>
      </form>
    );
  }

  // The row's speaker's person's colour, as a bar at the menu's start: beside the name, never instead of it.
  const current = speakers?.find((speaker) => speaker.id === marked) ?? speakers?.find((speaker) => speaker.name === name);
  const colour = current?.person === undefined ? null : personOf(people, current.person)?.colour;
  return (
    <select
      className={`ed-speaker${marked ? ' marked' : ''}${colour ? ' coloured' : ''}`}
      style={colour ? { borderInlineStartColor: colour } : undefined}
      aria-label={t('speakers.mark', { row: index + 1 })}
      // A long name is cut by the row's gutter; the whole of it is one hover away.
      title={name ? t('speakers.markTitle', { name }) : undefined}
      value={marked ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        if (value === NEW) setNaming(true);
        else if (value.startsWith(PERSON)) void edit({ type: 'speaker', block: index, speaker: { person: value.slice(PERSON.length) } });
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
      {others.length > 0 && (
        <optgroup label={t('speakers.peopleGroup')}>
          {others.map((person) => (
            <option key={person.id} value={PERSON + person.id} translate="no">
              {person.name}
            </option>
          ))}
        </optgroup>
      )}
      <option value={NEW}>{t('speakers.new')}</option>
    </select>
  );
}
