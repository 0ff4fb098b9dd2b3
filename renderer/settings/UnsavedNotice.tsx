import { useTranslation } from 'react-i18next';
import { useSettings } from './store';

const WORDS = { full: 'unsaved.full', readOnly: 'unsaved.readOnly', io: 'unsaved.io' } as const;

/**
 * Settings main holds in memory because the disk refused them: in use, not in settings.json yet.
 * Main writes them by itself once the disk takes them, and the notice goes when it says so.
 */
export function UnsavedSettingsNotice() {
  const { t } = useTranslation('settings');
  const unsaved = useSettings((s) => s.settings?.unsaved ?? null);
  if (!unsaved) return null;
  return (
    <div className="notice warning" role="alert">
      <p className="notice-title">{t('unsaved.title')}</p>
      <p>{t(WORDS[unsaved.cause], { file: unsaved.file })}</p>
    </div>
  );
}
