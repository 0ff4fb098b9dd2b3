import path from 'node:path';
import electronLog from 'electron-log/main';
import { setLogSink } from '../../core/log';
import { redactLogData, rotateLogFile } from './log-rotation';

const MAX_BYTES = 1024 * 1024;
const KEEP = 5;

/**
 * Main's log in the data folder's logs/ (main.log, rotated at 1 MB, five kept), redacted by
 * a hook on every line, with main's uncaught errors and rejections caught and logged (no
 * dialog: the app decides what the user sees). Returns the folder for Help ▸ Show Logs.
 */
export function startFileLog(userDataDir: string): string {
  const folder = path.join(userDataDir, 'logs');
  const file = electronLog.transports.file;
  file.resolvePathFn = () => path.join(folder, 'main.log');
  file.maxSize = MAX_BYTES;
  file.archiveLogFn = (old) => rotateLogFile(old.path, KEEP);
  electronLog.hooks.push((message) => ({ ...message, data: redactLogData(message.data) }));
  electronLog.errorHandler.startCatching({ showDialog: false });
  setLogSink({ info: (line) => electronLog.info(line), warn: (line) => electronLog.warn(line), error: (line) => electronLog.error(line) });
  return folder;
}
