import { SHORTCUTS } from '../../common/shortcuts';
import { useSettings } from '../store';
import { useProfiles } from './store';
import './profiles.css';

/** The active profile, always in the sidebar; it opens the profile switcher. */
export function ActiveProfile() {
  const name = useSettings((s) => s.settings?.profileName);
  if (!name) return null;
  return (
    <button
      type="button"
      className="active-profile"
      aria-haspopup="dialog"
      aria-keyshortcuts={SHORTCUTS.profiles.aria}
      title={`Switch profile (${SHORTCUTS.profiles.label})`}
      onClick={() => useProfiles.getState().openSwitcher(true)}
    >
      <span className="active-profile-label">Profile</span>
      <span className="active-profile-name">{name}</span>
      <kbd>{SHORTCUTS.profiles.label}</kbd>
    </button>
  );
}
