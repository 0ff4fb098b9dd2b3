// What the app shell uses of transcription (eslint.config.js allows it nothing else).
export { FileDrop } from './FileDrop';
export { TranscriptionScreen } from './TranscriptionScreen';
export { TranscribeLink, TranscriptsNav } from './TranscriptsNav';
export { watchTranscriptionQueue } from './watch-queue';
export { addOpenedRecordings, showJob } from './opened';
export { transcriptChanged, transcriptDeleted, transcriptsRestored } from './store';
export { CurrentOptions, useCurrentRequest } from './CurrentOptions';
export { IntakeToast } from './IntakeToast';
