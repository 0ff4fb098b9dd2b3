import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { MAX_SPEAKER_NAME_CHARS } from '../../shared/contract/transcriptEditor';
import { peopleMatching, usePeople } from '../people/store';
import { clearSelection } from './selection';
import { activate, edit, useEditor } from './store';

/** The rows the search box gives a speaker (the current row, or a selection), or null while it is closed. */
export const usePicker = create<{ rows: { from: number; to: number } | null }>(() => ({ rows: null }));

/** What had the focus when the box opened (the row's text): it gets it back, caret and all, as a dialog's opener does. */
let opener: HTMLElement | null = null;

export function openPicker(from: number, to = from) {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  usePicker.setState({ rows: { from, to } });
}

type Option = { key: string; label: string; speaker: { person: string } | { name: string } };

/**
 * The search box over everyone in the people list (the keyboard's Alt+P): the arrows choose,
 * Enter gives the rows that person as one step, and a name no one has is added as a new person.
 * Escape puts the caret back in the row.
 */
export function PersonPicker() {
  const { t } = useTranslation('editor');
  const rows = usePicker((view) => view.rows);
  const people = usePeople((view) => view.people);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(0);
  const listId = useId();
  if (!rows) return null;

  const typed = query.trim().slice(0, MAX_SPEAKER_NAME_CHARS);
  const found: Option[] = peopleMatching(people, typed).map((person) => ({ key: person.id, label: person.name, speaker: { person: person.id } }));
  const exact = found.some((option) => option.label.toLocaleLowerCase() === typed.toLocaleLowerCase());
  const options = typed && !exact ? [...found, { key: '+new', label: t('speakers.pickerAdd', { name: typed }), speaker: { name: typed } }] : found;
  const current = Math.min(chosen, options.length - 1);

  const close = () => {
    // Once: focusing the row blurs the box, which closes it too.
    if (!usePicker.getState().rows) return;
    usePicker.setState({ rows: null });
    setQuery('');
    setChosen(0);
    if (opener?.isConnected) opener.focus();
    else activate(rows.from, useEditor.getState().caret);
    opener = null;
  };
  const pick = (option: Option | undefined) => {
    if (!option) return;
    clearSelection();
    void edit({ type: 'speaker', block: rows.from, to: rows.to, speaker: option.speaker });
    close();
  };
  const label = rows.to > rows.from ? t('speakers.pickerRows', { from: rows.from + 1, to: rows.to + 1 }) : t('speakers.pickerRow', { row: rows.from + 1 });

  return (
    <div className="ed-picker" role="dialog" aria-label={label}>
      <input
        type="search"
        autoFocus
        dir="auto"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={options.length ? `${listId}-${current}` : undefined}
        placeholder={t('speakers.pickerSearch')}
        maxLength={MAX_SPEAKER_NAME_CHARS}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setChosen(0);
        }}
        onBlur={close}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setChosen((current + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % Math.max(options.length, 1));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            pick(options[current]);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('speakers.pickerPeople')}>
        {options.map((option, i) => (
          <li
            key={option.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === current}
            dir="auto"
            translate={option.key === '+new' ? undefined : 'no'}
            // Before the input's blur, so the click picks rather than closes.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            {option.label}
          </li>
        ))}
        {!options.length && <li className="hint">{t('speakers.pickerNone')}</li>}
      </ul>
    </div>
  );
}
