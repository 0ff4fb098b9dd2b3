import type { Intent } from '../../shared/domain/shortcuts';

/**
 * The one place an app-wide command runs, whoever asked: the page's own chord
 * (app/useShortcuts.ts) or a menu item in Electron (a `desktop` intent event). The feature
 * that owns a command registers it while it is on screen.
 */
const handlers = new Map<Intent, () => void>();

/** Makes `run` the intent's handler; the returned function removes it (if still the one). */
export function handleIntent(intent: Intent, run: () => void): () => void {
  handlers.set(intent, run);
  return () => {
    if (handlers.get(intent) === run) handlers.delete(intent);
  };
}

/** Runs the intent; false when nothing on screen handles it now. */
export function runIntent(intent: Intent): boolean {
  const run = handlers.get(intent);
  run?.();
  return Boolean(run);
}
