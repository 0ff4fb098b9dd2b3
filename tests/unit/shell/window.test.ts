import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => {
  const state = {
    windows: [] as Array<{ options: Record<string, unknown>; show: () => void; webContents: any; emit: (event: string) => boolean }>,
    openExternal: vi.fn(async (_url: string) => {}),
  };
  return state;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class FakeWebContents extends Emitter {
    windowOpenHandler?: (details: { url: string }) => { action: string };
    permissionRequestHandler?: (...args: unknown[]) => void;
    permissionCheckHandler?: (...args: unknown[]) => boolean;
    displayMediaHandler?: (...args: unknown[]) => void;
    mainFrame = { url: 'app://confab/index.html' };
    session = {
      setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (this.permissionRequestHandler = handler),
      setPermissionCheckHandler: (handler: (...args: unknown[]) => boolean) => (this.permissionCheckHandler = handler),
      setDisplayMediaRequestHandler: (handler: (...args: unknown[]) => void) => (this.displayMediaHandler = handler),
    };
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
  }
  class FakeBrowserWindow extends Emitter {
    webContents = new FakeWebContents();
    show = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      electron.windows.push(this);
    }
  }
  return {
    BrowserWindow: FakeBrowserWindow,
    nativeTheme: { shouldUseDarkColors: true },
    shell: { openExternal: electron.openExternal },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  };
});

const { createMainWindow, mainWindowOptions } = await import('../../../electron/shell/window');

/** Emits an Electron-style navigation event and reports whether the window refused it. */
function navigate(webContents: EventEmitter, event: 'will-navigate' | 'will-redirect', url: string): boolean {
  const preventDefault = vi.fn();
  webContents.emit(event, { url, preventDefault }, url);
  return preventDefault.mock.calls.length > 0;
}

const recording = { running: vi.fn(() => false), microphone: vi.fn(() => recording.running()), systemAudio: vi.fn(() => recording.running()) };

describe('main window', () => {
  beforeEach(() => {
    recording.running.mockReturnValue(false);
    electron.windows.length = 0;
    electron.openExternal.mockClear();
  });

  it('isolates and sandboxes the renderer', () => {
    const options = mainWindowOptions('/app/dist/electron/preload.cjs');
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/app/dist/electron/preload.cjs',
      // Capture and the chunk timer keep running while the window is hidden to the tray.
      backgroundThrottling: false,
    });
    expect(options).toMatchObject({ title: 'Confab', show: false });
    expect(options.webPreferences).not.toHaveProperty('nodeIntegrationInSubFrames');
    expect(options.webPreferences).not.toHaveProperty('webviewTag');
  });

  it('is created with those options and shown once ready', () => {
    const window = createMainWindow('/preload.cjs', recording);
    expect(window).toBe(electron.windows[0]);
    expect(electron.windows[0]!.options).toEqual(mainWindowOptions('/preload.cjs'));
    expect(electron.windows[0]!.show).not.toHaveBeenCalled();
    electron.windows[0]!.emit('ready-to-show');
    expect(electron.windows[0]!.show).toHaveBeenCalledOnce();
  });

  it('prevents navigation and redirects away from the app page', () => {
    const { webContents } = createMainWindow('/preload.cjs', recording);
    for (const event of ['will-navigate', 'will-redirect'] as const) {
      expect(navigate(webContents, event, 'https://evil.example/')).toBe(true);
      expect(navigate(webContents, event, 'file:///etc/passwd')).toBe(true);
      expect(navigate(webContents, event, 'app://confab/other.html')).toBe(true);
      expect(navigate(webContents, event, 'app://elsewhere/index.html')).toBe(true);
      expect(navigate(webContents, event, 'app://confab/index.html')).toBe(false);
    }
  });

  it('refuses to attach a <webview>', () => {
    const { webContents } = createMainWindow('/preload.cjs', recording);
    const preventDefault = vi.fn();
    webContents.emit('will-attach-webview', { preventDefault }, {}, {});
    expect(preventDefault).toHaveBeenCalledOnce();
  });

  it('denies every new window and sends only http(s) links to the browser', () => {
    const { webContents } = createMainWindow('/preload.cjs', recording) as any;
    const open = (url: string) => webContents.windowOpenHandler({ url, disposition: 'foreground-tab' });

    expect(open('https://example.com/docs?q=1')).toEqual({ action: 'deny' });
    expect(open('http://example.com/')).toEqual({ action: 'deny' });
    expect(electron.openExternal.mock.calls).toEqual([['https://example.com/docs?q=1'], ['http://example.com/']]);

    electron.openExternal.mockClear();
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'file:///etc/passwd',
      'smb://host/share',
      'vscode://extension/x',
      'mailto:someone@example.com',
      'app://confab/index.html',
      'not a url',
    ]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(electron.openExternal).not.toHaveBeenCalled();
  });

  it('denies every permission request and check but clipboard writes', () => {
    const { webContents } = createMainWindow('/preload.cjs', recording) as any;
    const write = vi.fn();
    webContents.permissionRequestHandler(webContents, 'clipboard-sanitized-write', write, {});
    expect(write).toHaveBeenCalledExactlyOnceWith(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      const callback = vi.fn();
      webContents.permissionRequestHandler(webContents, permission, callback, {});
      expect(callback).toHaveBeenCalledExactlyOnceWith(false);
      expect(webContents.permissionCheckHandler(webContents, permission, 'app://confab', {})).toBe(false);
    }
  });

  it('while a recording runs, grants the app page audio capture and answers getDisplayMedia with loopback audio', () => {
    const { webContents } = createMainWindow('/preload.cjs', recording) as any;
    const own = { requestingUrl: 'app://confab/index.html', isMainFrame: true };
    const answers = () => {
      const media = vi.fn();
      const camera = vi.fn();
      const display = vi.fn();
      webContents.permissionRequestHandler(webContents, 'media', media, { ...own, mediaTypes: ['audio'] });
      webContents.permissionRequestHandler(webContents, 'media', camera, { ...own, mediaTypes: ['audio', 'video'] });
      webContents.displayMediaHandler({ frame: webContents.mainFrame, audioRequested: true, videoRequested: true }, display);
      return {
        media: media.mock.calls[0]![0],
        camera: camera.mock.calls[0]![0],
        check: webContents.permissionCheckHandler(webContents, 'media', 'app://confab', { isMainFrame: true, mediaType: 'audio' }),
        display: display.mock.calls[0]![0],
      };
    };
    expect(answers()).toEqual({ media: false, camera: false, check: false, display: null });
    recording.running.mockReturnValue(true);
    // The check handler takes the origin when Chromium gives no requesting URL.
    expect(answers()).toEqual({ media: true, camera: false, check: true, display: { video: webContents.mainFrame, audio: 'loopback' } });
  });
});
