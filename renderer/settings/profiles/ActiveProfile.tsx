import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../../common/shortcuts';
import { useSettings } from '../store';
import { useProfiles } from './store';
import './profiles.css';

/** The active profile, always in the sidebar; it opens the profile switcher. */
export function ActiveProfile() {
  const { t } = useTranslation('settings');
  const name = useSettings((s) => s.settings?.profileName);
  if (!name) return null;
  return (
    <button
      type="button"
      className="active-profile"
      aria-haspopup="dialog"
      aria-keyshortcuts={SHORTCUTS.profiles.aria}
      title={t('switcher.open', { shortcut: SHORTCUTS.profiles.label })}
      onClick={() => useProfiles.getState().openSwitcher(true)}
    >
      <span className="active-profile-label">{t('switcher.label')}</span>
      <span className="active-profile-name" translate="no" dir="auto">
        {name}
      </span>
      <kbd dir="ltr" translate="no">
        {SHORTCUTS.profiles.label}
      </kbd>
    </button>
  );
}
