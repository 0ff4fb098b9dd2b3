import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDONYMS, UI_LANGUAGES, languageChoiceSchema } from '../../shared/i18n/languages';
import { useSettings } from './store';

/**
 * The language Confab speaks: the system's, or one of its languages, each named in itself so a
 * reader of only that language finds it. Main keeps the choice; the page follows the language
 * main resolves, so every screen re-words at once. The pseudo-language is for tests, not offered.
 */
export function LanguagePicker() {
  const { t } = useTranslation('settings');
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  const id = useId();
  if (!settings) return null;
  const system = settings.systemLanguage === 'en-XA' ? 'en' : settings.systemLanguage;

  return (
    <div className="field">
      <label htmlFor={id}>{t('preferences.language')}</label>
      <select
        id={id}
        value={settings.language}
        onChange={(event) => {
          const language = languageChoiceSchema.safeParse(event.target.value);
          if (language.success) void update({ language: language.data });
        }}
      >
        <option value="system">{t('preferences.systemLanguage', { language: ENDONYMS[system] })}</option>
        {UI_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language} translate="no">
            {ENDONYMS[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
