import type { RecordingDoor } from '../../core/core';

/** What the guard needs of the window: hidden to the tray or dock rather than closed. */
export interface GuardedWindow {
  isVisible(): boolean;
  hide(): void;
  show(): void;
  focus(): void;
}

export interface RecordingGuardDeps {
  platform: NodeJS.Platform;
  recording: Pick<RecordingDoor, 'running' | 'onRunningChange' | 'stopRunning'>;
  window(): GuardedWindow | null;
  /** The tray icon (Windows, Linux) that stands for a hidden window while it records. */
  tray: { show(): void; remove(): void };
  /** Asks "Stop the recording and quit?"; true for Stop & quit. */
  confirmQuit(): Promise<boolean>;
  quit(): void;
  log: { error(...args: unknown[]): void };
}

/**
 * A recording outlives its window: closing the window while one runs hides it (to the tray on
 * Windows and Linux, the dock on macOS) and capture goes on; quitting asks first, and Stop &
 * quit ends the recording, keeping all of it, before Confab quits. When the recording ends the
 * tray goes and a hidden window comes back, so Confab never keeps running unseen.
 */
export function createRecordingGuard(deps: RecordingGuardDeps) {
  /** Set once quitting is decided (nothing records, or the user chose Stop & quit): windows then close. */
  let quitting = false;
  let asking = false;

  const show = () => {
    const window = deps.window();
    if (!window) return;
    window.show();
    window.focus();
  };
  const hidden = () => deps.window()?.isVisible() === false;
  const stop = () => deps.recording.stopRunning().catch((error: unknown) => deps.log.error('Stopping the recording failed:', error));

  const stopListening = deps.recording.onRunningChange((running) => {
    if (running) return;
    deps.tray.remove();
    if (!quitting && hidden()) show();
  });

  return {
    /** The window's 'close'. */
    close(event: { preventDefault(): void }): void {
      if (quitting || !deps.recording.running()) return;
      event.preventDefault();
      deps.window()?.hide();
      if (deps.platform !== 'darwin') deps.tray.show();
    },
    /** The app's 'before-quit' (menu, Cmd+Q, the tray, the dock). */
    beforeQuit(event: { preventDefault(): void }): void {
      if (quitting) return;
      if (!deps.recording.running()) {
        quitting = true;
        return;
      }
      event.preventDefault();
      if (asking) return;
      asking = true;
      void deps
        .confirmQuit()
        .then(async (stopAndQuit) => {
          if (!stopAndQuit) return;
          // Set first, so the recording's end does not bring a hidden window back on the way out.
          quitting = true;
          await deps.recording.stopRunning();
          deps.quit();
        })
        .catch((error: unknown) => {
          quitting = false;
          deps.log.error('Stopping the recording before quitting failed:', error);
        })
        .finally(() => (asking = false));
    },
    /** The dock icon clicked (macOS): the hidden window comes back. */
    activate(): void {
      if (hidden()) show();
    },
    show,
    stop: () => void stop(),
    dispose: stopListening,
  };
}

export type RecordingGuard = ReturnType<typeof createRecordingGuard>;
