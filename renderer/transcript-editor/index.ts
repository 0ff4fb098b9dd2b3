// What other features use of the transcript editor (eslint.config.js allows them nothing else).
export { TranscriptEditorScreen } from './EditorScreen';
export { watchEditor } from './follow';
export { prepareEditor } from './store';
