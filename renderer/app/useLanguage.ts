import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n';
import { useSettings } from '../settings';

/**
 * Follows the language main resolved: a change in Settings re-words every screen at once, no
 * restart, and the window's title with them (the OS shows it in the taskbar and window list).
 */
export function useLanguage() {
  const { t } = useTranslation('common');
  const language = useSettings((state) => state.settings?.uiLanguage);
  useEffect(() => {
    if (language) void switchLanguage(language);
  }, [language]);
  const title = t('app.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
