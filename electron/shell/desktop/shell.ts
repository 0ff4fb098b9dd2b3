import os from 'node:os';
import { type BrowserWindow, Menu, Notification, app, clipboard, dialog, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import { AUDIO_EXTENSIONS } from '../../../shared/contract/transcription';
import type { Intent } from '../../../shared/domain/shortcuts';
import type { Core } from '../../core/core';
import { type MainWords, wordsIn } from '../../core/services/language/language-service';
import { log } from '../../core/log';
import { startFileLog } from './file-log';
import { createJobSignals } from './job-signals';
import { menuTemplate } from './menu-template';
import { audioPathsIn, createOpenedFiles } from './opened-files';
import { type UpdateNews, createUpdateFlow, updatesOff } from './updates';
import { overlayFor } from './overlay-icon';

const UPDATE_NEWS = {
  upToDate: 'updates.upToDate',
  downloading: 'updates.downloading',
  checkFailed: 'updates.checkFailed',
  development: 'updates.development',
  disabled: 'updates.disabled',
} as const satisfies Record<UpdateNews, string>;

/**
 * Confab as a desktop citizen, around the core and the window main.ts makes: the log file,
 * one instance per data folder (a second launch hands its recordings over and quits), files
 * opened from the OS, the application menu, updates and job signals. The decisions live in
 * the plain modules beside this; this file only connects them to Electron.
 */
export function createDesktopShell(userDataDir: string) {
  const logsDir = startFileLog(userDataDir);
  // Electron keys the lock on the user-data folder, so separate APP_DATA_DIRs run side by side.
  const primary = app.requestSingleInstanceLock();
  const development = !app.isPackaged;
  const opened = createOpenedFiles();
  let window: BrowserWindow | null = null;
  let pageEvents: Core['desktop'] | null = null;
  // Main's words follow the core's language once it exists; nothing is said before that.
  let t: MainWords = wordsIn('en');
  let stopFollowing = () => {};

  const focus = () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  const modal = <T>(show: (parent: BrowserWindow) => Promise<T>, alone: () => Promise<T>) => (window && !window.isDestroyed() ? show(window) : alone());
  const tell = (message: string) => {
    const options = { message, buttons: [t('dialog.ok')] };
    void modal((w) => dialog.showMessageBox(w, options), () => dialog.showMessageBox(options));
  };

  if (primary) {
    app.on('second-instance', (_event, argv, workingDirectory) => {
      focus();
      void opened.open(audioPathsIn(argv.slice(1), workingDirectory));
    });
    // macOS: Finder's "Open With" and drops on the dock icon, at launch (before ready) or later.
    app.on('open-file', (event, file) => {
      event.preventDefault();
      void opened.open([file]);
    });
    void opened.open(audioPathsIn(process.argv.slice(1), process.cwd()));
  }

  // electron-updater's autoUpdater is made on first use; with updates off it never is.
  const updates = createUpdateFlow(
    {
      updater: {
        checkForUpdates: () => autoUpdater.checkForUpdates(),
        quitAndInstall: () => autoUpdater.quitAndInstall(),
        onDownloaded: (listener) => {
          autoUpdater.logger = { info: log.info, warn: log.warn, error: log.error, debug: () => undefined };
          autoUpdater.on('update-downloaded', (info) => listener(info.version));
        },
      },
      askToRestart: async (version) => {
        const options = {
          type: 'info' as const,
          message: t('updates.ready', { version }),
          detail: t('updates.readyDetail'),
          buttons: [t('updates.restartNow'), t('updates.later')],
          defaultId: 0,
          cancelId: 1,
        };
        const answer = await modal((w) => dialog.showMessageBox(w, options), () => dialog.showMessageBox(options));
        return answer.response === 0;
      },
      tell: (news) => tell(t(UPDATE_NEWS[news])),
      log,
      every: (ms, run) => void setInterval(run, ms).unref(),
    },
    updatesOff({ isPackaged: app.isPackaged, env: process.env }),
  );

  const reportProblem = async () => {
    const details = `Confab ${app.getVersion()} · Electron ${process.versions.electron} · ${os.type()} ${os.release()} (${process.arch})`;
    const options = {
      message: t('report.title'),
      detail: t('report.detail', { details }),
      buttons: [t('report.showLogs'), t('report.copyDetails'), t('dialog.close')],
      cancelId: 2,
    };
    const { response } = await modal((w) => dialog.showMessageBox(w, options), () => dialog.showMessageBox(options));
    if (response === 0) void shell.openPath(logsDir);
    if (response === 1) clipboard.writeText(details);
  };

  const signals = createJobSignals({
    platform: process.platform,
    window: () =>
      window && !window.isDestroyed()
        ? {
            isFocused: () => window!.isFocused(),
            setProgressBar: (progress, options) => window!.setProgressBar(progress, options),
            setOverlay: (count) => window!.setOverlayIcon(overlayFor(count), count > 0 ? t('notification.newResults', { count }) : ''),
            flashFrame: (flag) => window!.flashFrame(flag),
          }
        : null,
    setBadgeCount: (count) => void app.setBadgeCount(count),
    notify: ({ ok, fileName }, onClick) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title: ok ? t('notification.finished') : t('notification.failed'), body: fileName });
      notification.on('click', onClick);
      notification.show();
    },
    focusJob: (jobId) => {
      focus();
      pageEvents?.send({ type: 'show-job', jobId });
    },
  });

  return {
    primary,
    development,
    logsDir,
    /** Fed by main's job queue (job-signal-feed.ts). */
    signals,
    /** Called for each new window, once the core exists. */
    attach(core: Core, next: BrowserWindow): void {
      window = next;
      pageEvents = core.desktop;
      t = core.language.t;
      next.on('focus', () => signals.seen());
      // A crashed page would leave a blank window: it is logged and loaded again (drafts are in localStorage).
      next.webContents.on('render-process-gone', (_event, details) => {
        log.error(`The page's process ended (${details.reason}, exit code ${details.exitCode}).`);
        if (details.reason !== 'clean-exit' && !next.isDestroyed()) next.webContents.reload();
      });
      next.on('unresponsive', () => log.warn('The window stopped responding.'));
      const send = (intent: Intent) => core.desktop.send({ type: 'intent', intent });
      const openRecording = async () => {
        const options = {
          title: t('dialog.openRecording'),
          properties: ['openFile' as const, 'multiSelections' as const],
          filters: [{ name: t('dialog.audioFiles'), extensions: [...AUDIO_EXTENSIONS] }],
        };
        const { canceled, filePaths } = await modal((w) => dialog.showOpenDialog(w, options), () => dialog.showOpenDialog(options));
        if (!canceled) await opened.open(filePaths);
      };
      const actions = { send, openRecording: () => void openRecording(), showLogs: () => void shell.openPath(logsDir), reportProblem: () => void reportProblem(), checkForUpdates: updates.checkNow };
      // Built again in the new language as soon as the user switches it in Settings.
      const buildMenu = () => Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ platform: process.platform, appName: app.name, development }, actions, t)));
      buildMenu();
      stopFollowing();
      stopFollowing = core.language.onChange(buildMenu);
      void opened.attach({
        stage: (file, name, purpose) => core.files.staging.fromPath(file, name, purpose),
        deliver: (files) => core.opened.receive(files),
        focus,
      });
    },
    startUpdates: () => updates.start(),
  };
}

export type DesktopShell = ReturnType<typeof createDesktopShell>;
