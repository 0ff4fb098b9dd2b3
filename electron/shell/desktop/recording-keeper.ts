import { type BrowserWindow, Menu, Tray, app, dialog } from 'electron';
import type { RecordingDoor } from '../../core/core';
import type { MainWords } from '../../core/services/language/language-service';
import { log } from '../../core/log';
import { createRecordingGuard } from './recording-guard';
import { redDot } from './overlay-icon';

/**
 * Connects the recording guard (recording-guard.ts, where the decisions are) to Electron: the
 * window's close, the app's quit and activate, the tray icon and the quit question, in main's
 * language at the moment each is shown.
 */
export function keepWhileRecording(recording: RecordingDoor, currentWindow: () => BrowserWindow | null, t: MainWords) {
  let tray: Tray | null = null;
  const window = () => {
    const found = currentWindow();
    return found && !found.isDestroyed() ? found : null;
  };

  const guard = createRecordingGuard({
    platform: process.platform,
    recording,
    window,
    tray: {
      show() {
        if (tray) return;
        tray = new Tray(redDot());
        tray.setToolTip(t('recording.trayTooltip'));
        tray.setContextMenu(
          Menu.buildFromTemplate([
            { label: t('recording.showWindow'), click: () => guard.show() },
            { label: t('recording.stop'), click: () => guard.stop() },
            { type: 'separator' },
            { label: t('menu.quit', { appName: app.name }), click: () => app.quit() },
          ]),
        );
        tray.on('click', () => guard.show());
      },
      remove() {
        tray?.destroy();
        tray = null;
      },
    },
    async confirmQuit() {
      const options = {
        type: 'question' as const,
        message: t('recording.quitQuestion'),
        detail: t('recording.quitDetail'),
        buttons: [t('recording.stopAndQuit'), t('recording.cancel')],
        defaultId: 0,
        cancelId: 1,
      };
      const parent = window();
      const { response } = await (parent?.isVisible() ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
      return response === 0;
    },
    quit: () => app.quit(),
    log,
  });

  app.on('before-quit', guard.beforeQuit);
  app.on('activate', guard.activate);
  return {
    /** Called for each new window. */
    watch(next: BrowserWindow): void {
      next.on('close', guard.close);
    },
  };
}
