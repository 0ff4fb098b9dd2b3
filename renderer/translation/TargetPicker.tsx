import { useCombobox } from 'downshift';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NamedLanguage, languagesMatching } from '../common/language-match';
import { useTargetNames } from './languages';

/**
 * The language to translate into, picked by name from a searchable list (downshift's combobox:
 * the ARIA pattern, keyboard included); the value handed on is BCP 47.
 */
export function TargetPicker({ disabled, onPick }: { disabled: boolean; onPick(code: string | null): void }) {
  const { t } = useTranslation('transcription');
  const names = useTargetNames();
  const [items, setItems] = useState<NamedLanguage[]>(names.list);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<NamedLanguage>({
    items,
    itemToString: (item) => item?.name ?? '',
    itemToKey: (item) => item?.code ?? '',
    onInputValueChange: ({ inputValue, type }) => setItems(languagesMatching(names.list, type === useCombobox.stateChangeTypes.InputChange ? inputValue : '')),
    onSelectedItemChange: ({ selectedItem }) => onPick(selectedItem?.code ?? null),
  });
  return (
    <div className="field language-picker translate-into">
      <label {...getLabelProps()}>{t('translation.into')}</label>
      <div className="field-row">
        <input {...getInputProps({ type: 'text', disabled, spellCheck: false, placeholder: t('translation.searchLanguage') })} />
        <button type="button" className="secondary small" disabled={disabled} {...getToggleButtonProps({ 'aria-label': t('language.showAll') })}>
          {isOpen ? '▲' : '▼'}
        </button>
      </div>
      <ul className="language-list" {...getMenuProps()} hidden={!isOpen}>
        {isOpen && items.length === 0 && <li className="hint">{t('language.none')}</li>}
        {isOpen &&
          items.map((item, index) => (
            <li key={item.code} className={index === highlightedIndex ? 'highlighted' : undefined} title={t('language.sentAs', { code: item.code })} {...getItemProps({ item, index })}>
              {item.name}
            </li>
          ))}
      </ul>
    </div>
  );
}
