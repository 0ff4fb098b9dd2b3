import { formatWithOptions } from 'node:util';
import { redact } from './services/net/redact';

/**
 * Main's only way to write a log line: every line passes through `redact`, so a key inside
 * an error (a URL, a header echoed by a server) never reaches a terminal or a log file.
 */
const line = (parts: unknown[]) => redact(formatWithOptions({ colors: false }, ...parts));

export const log = {
  info: (...parts: unknown[]) => console.log(line(parts)),
  warn: (...parts: unknown[]) => console.warn(line(parts)),
  error: (...parts: unknown[]) => console.error(line(parts)),
};
