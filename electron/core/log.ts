import { formatWithOptions } from 'node:util';
import { redact } from './services/net/redact';

/**
 * Main's only way to write a log line: every line passes through `redact`, so a key inside
 * an error (a URL, a header echoed by a server) never reaches a terminal or a log file.
 */
export const redactedLine = (parts: unknown[]) => redact(formatWithOptions({ colors: false }, ...parts));

interface Sink {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** The terminal, until Electron's main sends lines to its rotating log file as well (desktop/file-log.ts). */
let sink: Sink = { info: (line) => console.log(line), warn: (line) => console.warn(line), error: (line) => console.error(line) };

export function setLogSink(next: Sink): void {
  sink = next;
}

export const log = {
  info: (...parts: unknown[]) => sink.info(redactedLine(parts)),
  warn: (...parts: unknown[]) => sink.warn(redactedLine(parts)),
  error: (...parts: unknown[]) => sink.error(redactedLine(parts)),
};
