// What other features use of settings (eslint.config.js allows them nothing else).
export { SettingsScreen } from './SettingsScreen';
export { onConnectionChange, useSettings } from './store';
