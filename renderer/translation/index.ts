// What other features use of translation (eslint.config.js allows them nothing else).
export { TranslationsPanel } from './TranslationsPanel';
export { TrackRow, TranslationTrack, useTrack } from './EditorTrack';
export { findInTranslation, replaceInTranslatedRow, translationsChanged } from './store';
