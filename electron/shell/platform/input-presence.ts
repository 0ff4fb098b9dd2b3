import type { WebContents } from 'electron';
import type { UserPresence } from '../../core/services/tools/approvals';

/**
 * Kinds of Electron input events that mean a person pressed something. Moves and wheel
 * turns are left out: hovering over a button is no decision.
 */
const PRESSES = new Set(['mouseDown', 'mouseUp', 'keyDown', 'rawKeyDown', 'keyUp', 'char', 'gestureTap', 'touchStart', 'touchEnd']);

/**
 * Tells main whether a real person pressed a key or a mouse button in the window since a
 * given moment. Electron emits `input-event` for input the browser process forwards to the
 * page (the OS's events, or main's own sendInputEvent), never for events a script builds
 * with dispatchEvent or `.click()`, so a hostile page cannot fake a press here.
 */
export function inputPresence(now: () => number = Date.now): UserPresence & { watch(contents: WebContents): void } {
  let lastPress = Number.NEGATIVE_INFINITY;
  return {
    watch(contents) {
      contents.on('input-event', (_event, input) => {
        if (PRESSES.has(input.type)) lastPress = now();
      });
    },
    pressedSince: (since) => lastPress > since,
  };
}
