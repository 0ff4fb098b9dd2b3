import { BrowserWindow, nativeTheme, type BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL, isAppUrl } from './app-protocol';
import type { Restored } from './desktop/window-state';
import { openExternalLink } from './external-links';
import { displayMediaAnswer, permissionChecked, permissionGranted } from './media-access';
import type { RecordingDoor } from '../core/core';

/** The window's options; separate from createMainWindow so tests can assert the security settings. */
export function mainWindowOptions(preloadPath: string, placement?: Restored): BrowserWindowConstructorOptions {
  return {
    title: 'Confab',
    width: 1200,
    height: 800,
    ...placement?.bounds,
    minWidth: 720,
    minHeight: 480,
    // Shown on ready-to-show, painted in the theme's colour, so there is no white flash.
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#1e1f22' : '#ffffff',
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: preloadPath,
      spellcheck: true,
      // A recording keeps capturing, and its chunks keep flowing, while the window is hidden to the tray.
      backgroundThrottling: false,
    },
  };
}

/** The one page the window may show; reloads do not emit will-navigate, so nothing else is needed. */
function isAppPage(url: string): boolean {
  return isAppUrl(url) && new URL(url).pathname === new URL(APP_ENTRY_URL).pathname;
}

/**
 * Creates the app window, locked down: it shows only the app's own page, opens no other
 * windows (web links go to the user's browser), attaches no <webview> and is granted no
 * permission but clipboard writes and, while a recording runs, audio capture (media-access.ts).
 * The caller loads APP_ENTRY_URL once IPC is attached.
 */
export function createMainWindow(preloadPath: string, recording: Pick<RecordingDoor, 'systemAudio' | 'microphone'>, placement?: Restored): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(preloadPath, placement));
  const { webContents } = window;

  window.once('ready-to-show', () => {
    if (placement?.maximized) window.maximize();
    window.show();
  });

  const stayOnAppPage = (event: { preventDefault(): void }, url: string) => {
    if (!isAppPage(url)) event.preventDefault();
  };
  webContents.on('will-navigate', (event) => stayOnAppPage(event, event.url));
  webContents.on('will-redirect', (event) => stayOnAppPage(event, event.url));
  webContents.on('will-attach-webview', (event) => event.preventDefault());

  // Links in model output are anchors with target=_blank, so they arrive here.
  webContents.setWindowOpenHandler(({ url }) => {
    openExternalLink(url);
    return { action: 'deny' };
  });

  const gate = { webContents, systemAudio: () => recording.systemAudio(), microphone: () => recording.microphone() };
  const { session } = webContents;
  session.setPermissionRequestHandler((contents, permission, callback, details) => callback(permissionGranted(gate, contents, permission, details)));
  session.setPermissionCheckHandler((contents, permission, origin, details) =>
    permissionChecked(gate, contents, permission, { ...details, requestingUrl: details.requestingUrl ?? origin }),
  );
  session.setDisplayMediaRequestHandler((request, callback) => callback(displayMediaAnswer(gate, request)));

  return window;
}
