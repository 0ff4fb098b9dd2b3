import { useCombobox } from 'downshift';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LanguageNames, useLanguageNames } from './language-names';
import { type NamedLanguage as Language, languagesMatching } from '../common/language-match';

function matching(query: string, languages: LanguageNames['list'], detect: Language): Language[] {
  return query.trim() ? languagesMatching(languages, query) : [detect, ...languages];
}

interface Props {
  /** The ISO 639-1 code main receives; empty detects the language. */
  value: string;
  error: string | undefined;
  onChange(code: string): void;
}

/**
 * The recording's language, picked by name (in the UI language) from a searchable list
 * (downshift's combobox: the ARIA pattern, keyboard included). Leaving the field with words that
 * name no language puts back the last choice, so the field never holds something that is not sent.
 */
export function LanguagePicker({ value, error, onChange }: Props) {
  const { t } = useTranslation('transcription');
  const names = useLanguageNames();
  const detect: Language = { code: '', name: t('language.detect') };
  const nameOf = (code: string) => (code ? names.name(code) : detect.name);
  const [items, setItems] = useState(() => matching('', names.list, detect));
  const combobox = useCombobox<Language>({
    items,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.code ?? '',
    selectedItem: { code: value, name: nameOf(value) },
    initialInputValue: nameOf(value),
    onInputValueChange: ({ inputValue, type }) => {
      // Opening the list or choosing shows every language; typing narrows it.
      setItems(matching(type === useCombobox.stateChangeTypes.InputChange ? inputValue : '', names.list, detect));
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem?.code ?? ''),
    onIsOpenChange: ({ isOpen }) => {
      if (isOpen) setItems(matching('', names.list, detect));
    },
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputBlur && changes.selectedItem === state.selectedItem
        ? { ...changes, inputValue: nameOf(state.selectedItem?.code ?? '') }
        : changes,
  });
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps, setInputValue } = combobox;
  const noteId = `${getLabelProps().id}-note`;
  // Another UI language names the chosen language anew.
  const shownName = nameOf(value);
  useEffect(() => setInputValue(shownName), [names]);

  return (
    <div className="field language-picker">
      <label {...getLabelProps()}>{t('language.label')}</label>
      <div className="field-row">
        <input {...getInputProps({ type: 'text', 'aria-invalid': error !== undefined, 'aria-describedby': noteId, spellCheck: false })} />
        {/* Opens and closes the list below: up and down, the same in either direction of writing. */}
        <button type="button" className="secondary small" {...getToggleButtonProps({ 'aria-label': t('language.showAll') })}>
          {isOpen ? '▲' : '▼'}
        </button>
      </div>
      <ul className="language-list" {...getMenuProps()} hidden={!isOpen}>
        {isOpen && items.length === 0 && <li className="hint">{t('language.none')}</li>}
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.code || 'detect'}
              className={index === highlightedIndex ? 'highlighted' : undefined}
              title={item.code ? t('language.sentAs', { code: item.code }) : undefined}
              translate={item.code ? 'no' : undefined}
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
          {t('language.hint')}
        </p>
      )}
    </div>
  );
}
