import { useEffect } from 'react';
import { switchLanguage } from '../i18n';
import { useSettings } from '../settings';

/** Follows the language main resolved: a change in Settings re-words every screen at once, no restart. */
export function useLanguage() {
  const language = useSettings((state) => state.settings?.uiLanguage);
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);
}
