import { Problem } from '../../../../shared/domain/problem';
import { PRESS_WINDOW_MS, type UserPresence } from '../tools/approvals';

/**
 * Opening the microphone is the user's act, never the page's: main starts a recording or a
 * dictation take only right after a real key or mouse press in the window (Electron's input
 * events, which a script cannot forge). The harness cannot tell, so there it always passes.
 */
export function requireRealPress(presence: UserPresence, now: number = Date.now()): void {
  if (!presence.pressedSince(now - PRESS_WINDOW_MS)) throw new Problem('capture.no_press');
}
