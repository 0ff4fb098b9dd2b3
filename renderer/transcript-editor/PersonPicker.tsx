import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { MAX_SPEAKER_NAME_CHARS } from '../../shared/contract/transcriptEditor';
import { ColourDot } from '../people/ColourDot';
import { peopleMatching, usePeople } from '../people/store';
import { clearSelection } from './selection';
import { activate, edit, useEditor } from './store';

/**
 * The rows the search box gives a speaker (the current row, or a selection) and the document's
 * version they were chosen on, or null while it is closed.
 */
type Rows = { from: number; to: number; version: number };
export const usePicker = create<{ rows: Rows | null }>(() => ({ rows: null }));

/** What had the focus when the box opened (the row's text): it gets it back, caret and all, as a dialog's opener does. */
let opener: HTMLElement | null = null;

export function openPicker(from: number, to = from) {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  usePicker.setState({ rows: { from, to, version: useEditor.getState().version } });
}

/** Closed, the focus going back to what had it (or the row, when that is gone). */
function closePicker(rows: Rows) {
  // Once: focusing the row blurs the box, which closes it too.
  if (!usePicker.getState().rows) return;
  usePicker.setState({ rows: null });
  if (opener?.isConnected) opener.focus();
  else activate(rows.from, useEditor.getState().caret);
  opener = null;
}

type Option = { key: string; label: string; colour?: string | null; speaker: { person: string } | { name: string } };

/**
 * The search box over everyone in the people list (the keyboard's Alt+P): the arrows choose,
 * Enter gives the rows that person as one step, and a name no one has is added as a new person.
 * Escape puts the caret back in the row.
 */
export function PersonPicker() {
  const rows = usePicker((view) => view.rows);
  const version = useEditor((view) => view.version);
  const stale = rows !== null && rows.version !== version;
  // Row numbers hold for the version they were chosen on (as selection.ts's): any change since closes the box.
  useEffect(() => {
    if (stale) closePicker(rows);
  }, [stale, rows]);
  // Keyed by the opening, so each starts with an empty search.
  return rows && !stale ? <PickerBox key={`${rows.version}:${rows.from}:${rows.to}`} rows={rows} /> : null;
}

function PickerBox({ rows }: { rows: Rows }) {
  const { t } = useTranslation('editor');
  const people = usePeople((view) => view.people);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(0);
  const listId = useId();

  const typed = query.trim().slice(0, MAX_SPEAKER_NAME_CHARS);
  const found: Option[] = peopleMatching(people, typed).map((person) => ({ key: person.id, label: person.name, colour: person.colour, speaker: { person: person.id } }));
  const exact = found.some((option) => option.label.toLocaleLowerCase() === typed.toLocaleLowerCase());
  const options = typed && !exact ? [...found, { key: '+new', label: t('speakers.pickerAdd', { name: typed }), speaker: { name: typed } }] : found;
  const current = Math.min(chosen, options.length - 1);

  const close = () => closePicker(rows);
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
            <ColourDot colour={option.colour} />
            {option.label}
          </li>
        ))}
        {!options.length && <li className="hint">{t('speakers.pickerNone')}</li>}
      </ul>
    </div>
  );
}
