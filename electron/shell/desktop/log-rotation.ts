import { existsSync, renameSync, rmSync } from 'node:fs';
import { redactedLine } from '../../core/log';

/**
 * electron-log's hook for every line from every source (main's log, uncaught errors it
 * catches): each argument becomes redacted text, so a key inside an Error or an object
 * never reaches the file either.
 */
export const redactLogData = (data: unknown[]): string[] => data.map((part) => redactedLine([part]));

/**
 * Rotation: main.log → main.1.log → … → main.<keep>.log, the oldest dropped. electron-log
 * keeps a single old file by default; a bug report wants the sessions before it too.
 * Synchronous, as electron-log's archive hook must be.
 */
export function rotateLogFile(file: string, keep: number): void {
  const numbered = (n: number) => file.replace(/(\.log)?$/, `.${n}.log`);
  rmSync(numbered(keep), { force: true });
  for (let n = keep - 1; n >= 1; n--) if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1));
  renameSync(file, numbered(1));
}
