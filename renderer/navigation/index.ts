// The screens and what they show, for every feature (eslint.config.js allows nothing else from here).
export { openSettings, useNavigation, type View } from './navigation';
