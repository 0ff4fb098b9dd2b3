import type { PageError } from '../../shared/contract/desktop';
import { api } from '../api';
import { errorText } from '../../shared/domain/error-text';

const stackOf = (value: unknown) => (value instanceof Error && value.stack ? value.stack.slice(0, 8000) : undefined);

/** Sends an error to main's log; a failure to report is dropped, since it has nowhere better to go. */
export function reportError(source: PageError['source'], error: unknown): void {
  api.desktop.reportError({ source, message: errorText(error).slice(0, 2000), stack: stackOf(error) }).catch(() => undefined);
}

/** Logs what nothing in the page caught: uncaught errors and unhandled rejections. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError('uncaught', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError('rejection', event.reason));
}
