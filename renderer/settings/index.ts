// What other features use of settings (eslint.config.js allows them nothing else).
export { SettingsScreen } from './SettingsScreen';
export { onConnectionChange, useSettings, watchSettings } from './store';
export { UnsavedSettingsNotice } from './UnsavedNotice';
export { ActiveProfile } from './profiles/ActiveProfile';
export { ProfileSwitcher } from './profiles/ProfileSwitcher';
export { SwitchToFree } from './profiles/SwitchToFree';
export { useProfiles } from './profiles/store';
