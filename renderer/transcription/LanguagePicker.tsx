import { useCombobox } from 'downshift';
import { useState } from 'react';
import { ENGLISH_NAMES } from '../../shared/domain/languages';
import { LANGUAGES, languageName } from '../common/names';

interface Language {
  code: string;
  name: string;
}

const DETECT: Language = { code: '', name: 'Detect automatically' };

/** Case and accents do not matter: "fra" finds "Français", "ger" finds "German". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

function matching(query: string): Language[] {
  const wanted = fold(query.trim());
  if (!wanted) return [DETECT, ...LANGUAGES];
  // Its English name finds a language too, whatever the user's language.
  const found = LANGUAGES.filter(
    (language) => fold(language.name).includes(wanted) || fold(ENGLISH_NAMES[language.code] ?? '').includes(wanted) || language.code === wanted,
  );
  // A name that starts with what was typed comes before one that only contains it.
  return [...found.filter((l) => fold(l.name).startsWith(wanted)), ...found.filter((l) => !fold(l.name).startsWith(wanted))];
}

const nameOf = (code: string) => (code ? languageName(code) : DETECT.name);

interface Props {
  /** The ISO 639-1 code main receives; empty detects the language. */
  value: string;
  error: string | undefined;
  onChange(code: string): void;
}

/**
 * The recording's language, picked by name from a searchable list (downshift's combobox: the
 * ARIA pattern, keyboard included). Leaving the field with words that name no language puts
 * back the last choice, so the field never holds something that is not sent.
 */
export function LanguagePicker({ value, error, onChange }: Props) {
  const [items, setItems] = useState(() => matching(''));
  const combobox = useCombobox<Language>({
    items,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.code ?? '',
    selectedItem: { code: value, name: nameOf(value) },
    initialInputValue: nameOf(value),
    onInputValueChange: ({ inputValue, type }) => {
      // Opening the list or choosing shows every language; typing narrows it.
      setItems(matching(type === useCombobox.stateChangeTypes.InputChange ? inputValue : ''));
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.code ?? ''),
    onIsOpenChange: ({ isOpen }) => {
      if (isOpen) setItems(matching(''));
    },
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputBlur && changes.selectedItem === state.selectedItem
        ? { ...changes, inputValue: nameOf(state.selectedItem?.code ?? '') }
        : changes,
  });
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = combobox;
  const noteId = `${getLabelProps().id}-note`;

  return (
    <div className="field language-picker">
      <label {...getLabelProps()}>Language</label>
      <div className="field-row">
        <input {...getInputProps({ type: 'text', 'aria-invalid': error !== undefined, 'aria-describedby': noteId, spellCheck: false })} />
        <button type="button" className="secondary small" {...getToggleButtonProps({ 'aria-label': 'Show all languages' })}>
          {isOpen ? '▲' : '▼'}
        </button>
      </div>
      <ul className="language-list" {...getMenuProps()} hidden={!isOpen}>
        {isOpen && items.length === 0 && <li className="hint">No language by that name.</li>}
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.code || 'detect'}
              className={index === highlightedIndex ? 'highlighted' : undefined}
              title={item.code ? `Sent as ${item.code}` : undefined}
              {...getItemProps({ item, index })}
            >
              {item.name}
            </li>
          ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert" id={noteId}>
          {error}
        </p>
      ) : (
        <p className="hint" id={noteId}>
          Type to search. Naming it can help with short or noisy recordings.
        </p>
      )}
    </div>
  );
}
