import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { testFolder } from '../../../support/temp-folder';

const fakes = vi.hoisted(() => ({
  appListeners: new Map<string, (...args: unknown[]) => void>(),
  menu: null as unknown,
  lock: true,
}));

vi.mock('electron', () => ({
  app: {
    requestSingleInstanceLock: () => fakes.lock,
    isPackaged: false,
    name: 'Confab',
    on: (event: string, listener: (...args: unknown[]) => void) => fakes.appListeners.set(event, listener),
    setBadgeCount: vi.fn(),
    getVersion: () => '0.1.0',
  },
  Menu: { buildFromTemplate: (template: unknown) => ({ template }), setApplicationMenu: (menu: unknown) => (fakes.menu = menu) },
  Notification: { isSupported: () => false },
  clipboard: { writeText: vi.fn() },
  dialog: { showMessageBox: vi.fn(), showOpenDialog: vi.fn() },
  shell: { openPath: vi.fn() },
}));
vi.mock('electron-updater', () => ({ autoUpdater: { on: vi.fn(), checkForUpdates: vi.fn(), quitAndInstall: vi.fn() } }));
vi.mock('../../../../electron/shell/desktop/file-log', () => ({ startFileLog: (dir: string) => path.join(dir, 'logs') }));
vi.mock('../../../../electron/shell/desktop/overlay-icon', () => ({ overlayFor: () => null }));

const { createDesktopShell } = await import('../../../../electron/shell/desktop/shell');
const { wordsIn } = await import('../../../../electron/core/services/language/language-service');

function fakeWindow() {
  return {
    isDestroyed: () => false,
    isMinimized: vi.fn(() => true),
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
    on: vi.fn(),
    webContents: { on: vi.fn() },
  };
}

function fakeCore() {
  return {
    desktop: { send: vi.fn() },
    language: { t: wordsIn('en'), onChange: () => () => undefined },
    opened: { receive: vi.fn() },
    files: { staging: { fromPath: vi.fn(async (_file: string, name: string) => ({ ok: true, file: { fileId: name } })) } },
  };
}

describe('desktop shell (electron mocked)', () => {
  it('as the second launch, takes no lock, so main quits without listening for hand-overs', () => {
    fakes.lock = false;
    fakes.appListeners.clear();
    expect(createDesktopShell('/data').primary).toBe(false);
    expect(fakes.appListeners.has('second-instance')).toBe(false);
    fakes.lock = true;
  });

  it('hands a second launch\'s recordings to the running window: focused, staged, handed to the core', async () => {
    const dir = await testFolder('confab-shell-');
    const recording = path.join(dir, 'talk.mp3');
    writeFileSync(recording, 'x');
    const shell = createDesktopShell(dir);
    expect(shell.primary).toBe(true);
    const window = fakeWindow();
    const core = fakeCore();
    shell.attach(core as never, window as never);
    expect(fakes.menu).toBeTruthy();

    fakes.appListeners.get('second-instance')!({}, ['/opt/Confab/confab', '--flag', 'talk.mp3', 'readme.txt'], dir);
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    await vi.waitFor(() => expect(core.opened.receive).toHaveBeenCalledWith([{ ok: true, file: { fileId: 'talk.mp3' } }]));
    expect(core.files.staging.fromPath).toHaveBeenCalledExactlyOnceWith(recording, 'talk.mp3', 'original');
  });

  it('holds a file macOS opens before the window exists, and delivers it once attached', async () => {
    const dir = await testFolder('confab-shell-');
    const recording = path.join(dir, 'early.m4a');
    writeFileSync(recording, 'x');
    const shell = createDesktopShell(dir);
    const preventDefault = vi.fn();
    fakes.appListeners.get('open-file')!({ preventDefault }, recording);
    expect(preventDefault).toHaveBeenCalledOnce();
    const core = fakeCore();
    shell.attach(core as never, fakeWindow() as never);
    await vi.waitFor(() => expect(core.opened.receive).toHaveBeenCalledWith([expect.objectContaining({ ok: true })]));
  });

  it('sends a menu command to the page as an intent', () => {
    const shell = createDesktopShell('/data');
    const core = fakeCore();
    shell.attach(core as never, fakeWindow() as never);
    const template = (fakes.menu as { template: { submenu: { id?: string; click?: () => void }[] }[] }).template;
    template.flatMap((menu) => menu.submenu).find((item) => item.id === 'newChat')!.click!();
    expect(core.desktop.send).toHaveBeenCalledWith({ type: 'intent', intent: 'newChat' });
  });
});
