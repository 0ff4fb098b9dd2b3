import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { APP_ENTRY_URL, registerAppScheme, serveAppProtocol } from './app-protocol';
import { createCore, type Core } from '../core/core';
import { attachIpc } from './electron-adapter';
import { dialogConsent } from './platform/dialog-consent';
import { dialogSaver } from './platform/dialog-saver';
import { inputPresence } from './platform/input-presence';
import { attachFileIntake } from './platform/file-intake';
import { attachRecordingChunks } from './platform/recording-chunks';
import { systemAudioFeatures, systemAudioSupport } from './platform/system-audio';
import { electronFetch } from './platform/electron-fetch';
import { utilitySplitProcess } from './platform/utility-splitter';
import { jobSignalFeed } from './desktop/job-signal-feed';
import { createDesktopShell } from './desktop/shell';
import { keepWhileRecording } from './desktop/recording-keeper';
import { trackWindow, windowPlacement } from './desktop/window-tracking';
import { createMainWindow } from './window';
import { log } from '../core/log';
import { wordsIn } from '../core/services/language/language-service';
import { matchLanguage } from '../../shared/i18n/languages';
import { errorText } from '../../shared/domain/error-text';
import { DataFolderInUse } from '../core/services/storage/data-lock';

// This file is bundled to dist/electron/main.cjs, next to preload.cjs and beside dist/renderer.
const preloadPath = path.join(__dirname, 'preload.cjs');
const rendererDir = path.join(__dirname, '..', 'renderer');

// `electron .` would name the folder after package.json's lowercase name, a packaged build
// after its productName; fixing it keeps both on the browser harness's folder
// (web/app-data-dir.ts). APP_DATA_DIR moves Chromium's profile along with Confab's files,
// so a test run leaves the user's data alone. Both must happen before ready.
const userDataDir = process.env.APP_DATA_DIR
  ? path.resolve(process.env.APP_DATA_DIR)
  : path.join(app.getPath('appData'), 'Confab');
mkdirSync(userDataDir, { recursive: true }); // setPath throws for a missing folder
app.setPath('userData', userDataDir);
// The log file, the single-instance lock, files opened from the OS (desktop/shell.ts).
const desktop = createDesktopShell(userDataDir);
registerAppScheme();
const features = systemAudioFeatures(process.platform);
if (features.length > 0) app.commandLine.appendSwitch('enable-features', features.join(','));

let core: Core | undefined;
/** The window consent dialogs are modal to. */
let mainWindow: BrowserWindow | null = null;
/** Real key and mouse presses in the window, which tool approvals need (approvals.ts). */
const presence = inputPresence();

type Keeper = ReturnType<typeof keepWhileRecording>;

async function openWindow(started: Core, keeper: Keeper): Promise<void> {
  const window = createMainWindow(preloadPath, started.recording, await windowPlacement(userDataDir));
  mainWindow = window;
  trackWindow(window, userDataDir, desktop.development, started.language.t);
  presence.watch(window.webContents);
  // Handlers exist before the page loads, so its first calls cannot miss them.
  const detachIpc = attachIpc(started.router, window.webContents);
  const detachFiles = attachFileIntake(started.files.staging, window.webContents);
  const detachChunks = attachRecordingChunks(started.recording, window.webContents);
  desktop.attach(started, window);
  keeper.watch(window);
  window.once('closed', () => {
    if (mainWindow === window) mainWindow = null;
    detachIpc();
    detachFiles();
    detachChunks();
  });
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => log.error('Could not load the app page:', error));
}

async function start(): Promise<void> {
  // Recordings are looked up only once the core exists; the page asks for none before it loads.
  serveAppProtocol(rendererDir, (id) => core?.files.audioPath(id) ?? null);
  const started = await createCore({
    userDataDir,
    initialBaseUrl: process.env.APP_BASE_URL,
    systemLanguages: () => app.getPreferredSystemLanguages(),
    fileSaver: dialogSaver(() => BrowserWindow.getFocusedWindow(), () => started.language.t),
    consent: dialogConsent(() => mainWindow),
    presence,
    makeFetch: (proxy) => electronFetch({ proxy }),
    splitProcess: utilitySplitProcess,
    systemAudio: () => systemAudioSupport(process.platform, os.release()),
  });
  core = started;
  // The taskbar/dock progress, notifications and badge follow main's job queue.
  started.jobs.onJobEvent(jobSignalFeed(desktop.signals));
  // Closing the window while recording hides it; quitting asks first.
  const keeper = keepWhileRecording(started.recording, () => mainWindow, started.language.t);
  await openWindow(started, keeper);
  desktop.startUpdates();
  // macOS keeps the app running without windows; clicking the dock icon reopens one.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow(started, keeper);
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Quitting waits for the core to flush and close its stores, then quits for real.
app.on('will-quit', (event) => {
  const closing = core;
  if (!closing) return;
  core = undefined;
  event.preventDefault();
  closing
    .close()
    .catch((error: unknown) => log.error('Closing the core failed:', error))
    .finally(() => app.quit());
});

// A second launch has handed its files to the running Confab (second-instance); it only quits.
if (!desktop.primary) app.quit();
else
  app.whenReady().then(start).catch((error: unknown) => {
    log.error('Confab could not start:', error);
    // Settings may be what failed to load, so the words follow the system's languages.
    const t = wordsIn(matchLanguage(app.getPreferredSystemLanguages()));
    const why = error instanceof DataFolderInUse ? t('dialog.alreadyRunning', { dir: error.dir, pid: error.pid }) : errorText(error);
    dialog.showErrorBox(t('dialog.startFailed'), why);
    app.exit(1);
  });
