// What the app shell uses of the recorder (eslint.config.js allows it nothing else).
export { RecorderScreen } from './RecorderScreen';
export { RecordLink } from './RecordLink';
export { watchRecording } from './watch';
export { RecoveredNotice } from './RecoveredNotice';
