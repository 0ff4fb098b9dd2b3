import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { type Mock, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SERVICE_SERVER_ID } from '../../../shared/contract/mcp';
import { memoryKeytar } from '../../support/memory-keytar';
import { testFolder } from '../../support/temp-folder';

// Main's own words (menu, notifications, consent dialogs) from a real core's settings, through
// the shell with Electron mocked: the menu Electron was given, the notification it was asked to show.
const fakes = vi.hoisted(() => ({
  menus: [] as MenuItemConstructorOptions[][],
  notifications: [] as { title: string; body: string }[],
  showMessageBox: null as unknown as Mock<(...args: unknown[]) => Promise<{ response: number }>>,
}));
vi.mock('electron', async () => {
  const { vi: mock } = await import('vitest');
  fakes.showMessageBox = mock.fn(async () => ({ response: 0, checkboxChecked: false }));
  return {
    app: { requestSingleInstanceLock: () => true, isPackaged: false, name: 'Confab', on: mock.fn(), setBadgeCount: mock.fn(), getVersion: () => '0.1.0' },
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]) => template,
      setApplicationMenu: (template: MenuItemConstructorOptions[]) => void fakes.menus.push(template),
    },
    Notification: class {
      static isSupported = () => true;
      constructor(readonly options: { title: string; body: string }) {}
      on() {}
      show() {
        fakes.notifications.push(this.options);
      }
    },
    clipboard: { writeText: mock.fn() },
    dialog: { showMessageBox: fakes.showMessageBox, showOpenDialog: mock.fn() },
    shell: { openPath: mock.fn() },
  };
});
vi.mock('electron-updater', () => ({ autoUpdater: { on: vi.fn(), checkForUpdates: vi.fn(), quitAndInstall: vi.fn() } }));
vi.mock('../../../electron/shell/desktop/file-log', () => ({ startFileLog: (dir: string) => path.join(dir, 'logs') }));

const { createDesktopShell } = await import('../../../electron/shell/desktop/shell');
const { dialogConsent } = await import('../../../electron/shell/platform/dialog-consent');
const { createCore } = await import('../../../electron/core/core');

const sink = { send: () => undefined };
const window = () => ({
  isDestroyed: () => false,
  isMinimized: () => false,
  isFocused: () => false,
  restore: vi.fn(),
  show: vi.fn(),
  focus: vi.fn(),
  on: vi.fn(),
  flashFrame: vi.fn(),
  setProgressBar: vi.fn(),
  webContents: { on: vi.fn() },
});

async function openCore(systemLanguages: string[], consent = dialogConsent(() => null)) {
  const dir = await testFolder('confab-main-language-');
  const core = await createCore({ userDataDir: dir, keytar: memoryKeytar(), systemLanguages: () => systemLanguages, consent });
  onTestFinished(() => core.close());
  const invoke = async (channel: string, payload?: unknown) => {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  return { core, dir, invoke };
}

/** The top-level menus of the last menu Electron was given, without access keys (macOS shows none). */
const topLabels = () => fakes.menus.at(-1)!.map((menu) => String(menu.label).replace('&', ''));

describe("main's own words in the user's language (Electron mocked)", () => {
  it('builds the menu in German when the settings say so, and rebuilds it in Arabic when the user switches, without a restart', async () => {
    const { core, dir, invoke } = await openCore(['en-US']);
    await invoke('settings:update', { language: 'de' });
    const shell = createDesktopShell(dir);
    shell.attach(core, window() as never);
    const built = fakes.menus.length;
    expect(topLabels()).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
    const edit = fakes.menus.at(-1)![1]!.submenu as MenuItemConstructorOptions[];
    expect(edit.find((item) => item.role === 'undo')?.label).toBe('Rückgängig');

    await invoke('settings:update', { language: 'ar' });
    expect(fakes.menus).toHaveLength(built + 1);
    expect(topLabels()).toEqual(['ملف', 'تحرير', 'عرض', 'نافذة', 'مساعدة']);
    // A change that leaves the language alone builds nothing.
    await invoke('settings:update', { theme: 'dark' });
    expect(fakes.menus).toHaveLength(built + 1);
  });

  it("answers Help ▸ Check for Updates… in main's dialog, in the chosen language", async () => {
    const { core, dir, invoke } = await openCore(['en-US']);
    await invoke('settings:update', { language: 'de' });
    const shell = createDesktopShell(dir);
    shell.attach(core, window() as never);
    fakes.showMessageBox.mockClear();
    const help = fakes.menus.at(-1)!.flatMap((menu) => menu.submenu as MenuItemConstructorOptions[]);
    (help.find((item) => item.id === 'checkForUpdates')!.click as () => void)();
    // Not packaged here, so the answer is why updates are off.
    expect(fakes.showMessageBox).toHaveBeenCalledExactlyOnceWith(
      expect.anything(),
      { message: 'Nach Updates wird nur in einem installierten Confab gesucht, nicht in einer Entwicklungsversion.', buttons: ['OK'] },
    );
  });

  it('says a finished transcription in the chosen language', async () => {
    const { core, dir, invoke } = await openCore(['en-US']);
    await invoke('settings:update', { language: 'ja' });
    const shell = createDesktopShell(dir);
    shell.attach(core, window() as never);
    shell.signals.signal({ kind: 'ended', jobId: 'job-1', title: 'interview.m4a', ok: true });
    shell.signals.signal({ kind: 'ended', jobId: 'job-2', title: 'talk.mp3', ok: false });
    expect(fakes.notifications.slice(-2)).toEqual([
      { title: '文字起こしが完了しました', body: 'interview.m4a' },
      { title: '文字起こしに失敗しました', body: 'talk.mp3' },
    ]);
  });

  it("asks for consent in Japanese when the system's language is Japanese and the choice is 'system'", async () => {
    const { invoke } = await openCore(['ja-JP', 'en-US']);
    fakes.showMessageBox.mockClear();
    await expect(invoke('permissions:set', { serverId: SERVICE_SERVER_ID, tool: 'search', rule: 'allow' })).rejects.toThrow();
    expect(fakes.showMessageBox).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        title: 'ツールを常に許可しますか？',
        message: '「Service」のツール「search」を、毎回確認せずに実行できるようにしますか？',
        buttons: ['許可しない', '許可'],
      }),
    );
  });
});
