import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { systemAudioSupport } from '../../../electron/shell/platform/system-audio';

const scratch = mkdtempSync(path.join(tmpdir(), 'confab-main-'));

const calls = vi.hoisted(() => [] as string[]);

const fakes = vi.hoisted(() => {
  const appListeners = new Map<string, (event: { preventDefault(): void }) => void>();
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const window = {
    webContents: { id: 1, on: vi.fn() },
    once: vi.fn(),
    loadURL: vi.fn(async (url: string) => void calls.push(`loadURL ${url}`)),
  };
  const core = { router: { channels: [] }, language: { t: (key: string) => key }, files: { staging: { name: 'staging' }, audioPath: vi.fn() }, jobs: { onJobEvent: vi.fn(() => void calls.push('jobs.onJobEvent')) }, recording: { running: () => false }, close: vi.fn(async () => void calls.push('core.close')) };
  return { appListeners, ready: () => ready(), whenReady, window, core, detach: vi.fn(), detachFiles: vi.fn(), detachChunks: vi.fn(), appData: '' };
});

vi.mock('electron', () => ({
  app: {
    on: (event: string, listener: (event: { preventDefault(): void }) => void) => fakes.appListeners.set(event, listener),
    whenReady: () => fakes.whenReady,
    getPath: (name: string) => (name === 'appData' ? fakes.appData : undefined),
    getPreferredSystemLanguages: vi.fn(() => ['en-US']),
    setPath: vi.fn(),
    commandLine: { appendSwitch: vi.fn() },
    quit: vi.fn(() => calls.push('app.quit')),
    exit: vi.fn(),
  },
  BrowserWindow: { getAllWindows: () => [] },
  dialog: { showErrorBox: vi.fn() },
}));
vi.mock('../../../electron/shell/app-protocol', () => ({
  APP_ENTRY_URL: 'app://confab/index.html',
  registerAppScheme: () => calls.push('registerAppScheme'),
  serveAppProtocol: (dir: string) => calls.push(`serveAppProtocol ${dir}`),
}));
vi.mock('../../../electron/core/core', () => ({
  createCore: vi.fn(async (options: unknown) => {
    calls.push(`createCore ${JSON.stringify(options)}`);
    return fakes.core;
  }),
}));
vi.mock('../../../electron/shell/electron-adapter', () => ({
  attachIpc: (router: unknown, webContents: unknown) => {
    expect(router).toBe(fakes.core.router);
    expect(webContents).toBe(fakes.window.webContents);
    calls.push('attachIpc');
    return fakes.detach;
  },
}));
vi.mock('../../../electron/shell/platform/file-intake', () => ({
  attachFileIntake: (staging: unknown, webContents: unknown) => {
    expect(staging).toBe(fakes.core.files.staging);
    expect(webContents).toBe(fakes.window.webContents);
    calls.push('attachFileIntake');
    return fakes.detachFiles;
  },
}));
vi.mock('../../../electron/shell/platform/recording-chunks', () => ({
  attachRecordingChunks: (recording: unknown, webContents: unknown) => {
    expect(recording).toBe(fakes.core.recording);
    expect(webContents).toBe(fakes.window.webContents);
    calls.push('attachRecordingChunks');
    return fakes.detachChunks;
  },
}));
vi.mock('../../../electron/shell/desktop/recording-keeper', () => ({
  keepWhileRecording: (recording: unknown, window: () => unknown, t: unknown) => {
    expect(recording).toBe(fakes.core.recording);
    expect(t).toBe(fakes.core.language.t);
    calls.push('keepWhileRecording');
    return {
      watch: (watched: unknown) => {
        // The keeper finds the window main made, to hide it or show it again.
        expect(watched).toBe(fakes.window);
        expect(window()).toBe(fakes.window);
        calls.push('keeper.watch');
      },
    };
  },
}));
vi.mock('../../../electron/shell/desktop/shell', () => ({
  createDesktopShell: (dir: string) => {
    calls.push('createDesktopShell');
    expect(dir).toBe(process.env.APP_DATA_DIR ? path.resolve(process.env.APP_DATA_DIR) : path.join(fakes.appData, 'Confab'));
    return { primary: true, development: false, signals: { signal: vi.fn(), idle: vi.fn() }, attach: () => calls.push('desktop.attach'), startUpdates: () => calls.push('startUpdates') };
  },
}));
vi.mock('../../../electron/shell/desktop/window-tracking', () => ({
  windowPlacement: async () => ({ bounds: { width: 900, height: 700 }, maximized: false }),
  trackWindow: () => calls.push('trackWindow'),
}));
vi.mock('../../../electron/shell/window', () => ({
  createMainWindow: (preloadPath: string, recording: unknown, placement: unknown) => {
    // Audio capture is granted only while the core's recording runs.
    expect(recording).toBe(fakes.core.recording);
    expect(placement).toEqual({ bounds: { width: 900, height: 700 }, maximized: false });
    calls.push(`createMainWindow ${path.basename(preloadPath)}`);
    return fakes.window;
  },
}));

const { app } = await import('electron');

describe('main process wiring', () => {
  const saved = { APP_BASE_URL: process.env.APP_BASE_URL, APP_DATA_DIR: process.env.APP_DATA_DIR };
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('registers the scheme before ready, then serves, starts the core, attaches IPC and loads the page', async () => {
    const dataDir = path.join(scratch, 'data');
    process.env.APP_BASE_URL = 'https://api.example.com/v1';
    process.env.APP_DATA_DIR = dataDir;
    await import('../../../electron/shell/main');
    // The log, the single-instance lock and the OS's open-file hand-over start before ready.
    expect(calls).toEqual(['createDesktopShell', 'registerAppScheme']);
    // Chromium's profile moves with APP_DATA_DIR, which must exist before setPath.
    expect(app.setPath).toHaveBeenCalledExactlyOnceWith('userData', dataDir);
    expect(existsSync(dataDir)).toBe(true);
    // Linux's system audio needs a Chromium feature that is off by default, and it must be on before ready.
    const switches = vi.mocked(app.commandLine.appendSwitch).mock.calls;
    expect(switches).toEqual(process.platform === 'linux' ? [['enable-features', 'PulseaudioLoopbackForScreenShare']] : []);

    fakes.ready();
    await vi.waitFor(() => expect(calls).toContain('startUpdates'));
    expect(calls).toEqual([
      'createDesktopShell',
      'registerAppScheme',
      expect.stringMatching(/^serveAppProtocol .*renderer$/),
      // Consent is asked with a native dialog; approvals are backed by the window's real input.
      `createCore ${JSON.stringify({ userDataDir: dataDir, initialBaseUrl: 'https://api.example.com/v1', fileSaver: {}, consent: { where: 'dialog' }, presence: {} })}`,
      // The desktop's progress, notifications and badge follow the job queue.
      'jobs.onJobEvent',
      'keepWhileRecording',
      'createMainWindow preload.cjs',
      'trackWindow',
      'attachIpc',
      'attachFileIntake',
      'attachRecordingChunks',
      'desktop.attach',
      'keeper.watch',
      'loadURL app://confab/index.html',
      'startUpdates',
    ]);
    // The window's IPC handlers (the router's and the file intake's) go away with the window.
    const [event, onClosed] = fakes.window.once.mock.calls[0]!;
    expect(event).toBe('closed');
    onClosed();
    expect(fakes.detach).toHaveBeenCalledOnce();
    expect(fakes.detachFiles).toHaveBeenCalledOnce();
    expect(fakes.detachChunks).toHaveBeenCalledOnce();
    // Electron says per platform whether system audio can be recorded.
    const { createCore } = await import('../../../electron/core/core');
    expect(vi.mocked(createCore).mock.calls[0]![0].systemAudio!()).toEqual(systemAudioSupport(process.platform, os.release()));
    expect(fakes.window.webContents.on).toHaveBeenCalledWith('input-event', expect.any(Function));
  });

  it('closes the core before the app quits', async () => {
    calls.length = 0;
    const preventDefault = vi.fn();
    fakes.appListeners.get('will-quit')!({ preventDefault });
    expect(preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(calls).toEqual(['core.close', 'app.quit']));

    // The second will-quit, from that app.quit(), goes through.
    const again = vi.fn();
    fakes.appListeners.get('will-quit')!({ preventDefault: again });
    expect(again).not.toHaveBeenCalled();
    expect(fakes.core.close).toHaveBeenCalledOnce();
  });

  it('without APP_DATA_DIR uses appData/Confab, whatever package.json calls the app', async () => {
    delete process.env.APP_DATA_DIR;
    fakes.appData = scratch;
    vi.mocked(app.setPath).mockClear();
    vi.resetModules();
    await import('../../../electron/shell/main');
    expect(app.setPath).toHaveBeenCalledExactlyOnceWith('userData', path.join(scratch, 'Confab'));
  });

  it('says in the system language that Confab already runs on this data folder, naming the folder and the process', async () => {
    vi.resetModules();
    const { DataFolderInUse } = await import('../../../electron/core/services/storage/data-lock');
    const { createCore } = await import('../../../electron/core/core');
    vi.mocked(createCore).mockRejectedValueOnce(new DataFolderInUse('/home/ana/Confab', 4242));
    vi.mocked(app.getPreferredSystemLanguages).mockReturnValue(['de-DE']);
    const { dialog } = await import('electron');
    vi.mocked(dialog.showErrorBox).mockClear();
    await import('../../../electron/shell/main');
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(dialog.showErrorBox).toHaveBeenCalledExactlyOnceWith(
      'Confab konnte nicht starten',
      'Confab läuft bereits mit diesem Datenordner (/home/ana/Confab, Prozess 4242). Wechseln Sie zu diesem Fenster oder beenden Sie es und starten Sie erneut.',
    );
  });
});
