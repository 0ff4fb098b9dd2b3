import { describe, expect, it, vi } from 'vitest';
import { createUpdateFlow, updatesOff } from '../../../../electron/shell/desktop/updates';

function setup(answer: boolean, available = true) {
  let downloaded: ((version: string) => void) | null = null;
  const deps = {
    updater: {
      checkForUpdates: vi.fn(async () => ({ isUpdateAvailable: available })),
      quitAndInstall: vi.fn(),
      onDownloaded: (listener: (version: string) => void) => void (downloaded = listener),
    },
    askToRestart: vi.fn(async () => answer),
    tell: vi.fn(),
    log: { info: vi.fn(), warn: vi.fn() },
    every: vi.fn(),
  };
  return { deps, download: (version: string) => downloaded!(version) };
}

describe('updates', () => {
  it('are off in development and when a run turns them off', () => {
    expect(updatesOff({ isPackaged: false, env: {} })).toBe('development');
    expect(updatesOff({ isPackaged: true, env: { CONFAB_DISABLE_UPDATES: '1' } })).toBe('disabled');
    expect(updatesOff({ isPackaged: true, env: {} })).toBeNull();
  });

  it('never check or install when off, and say why when asked', () => {
    const { deps } = setup(true);
    const flow = createUpdateFlow(deps, 'development');
    flow.start();
    flow.checkNow();
    expect(deps.updater.checkForUpdates).not.toHaveBeenCalled();
    expect(deps.tell).toHaveBeenCalledWith('development');
  });

  it('check in the background, then ask before restarting; yes restarts into the update', async () => {
    const { deps, download } = setup(true);
    createUpdateFlow(deps, null).start();
    expect(deps.updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(deps.every).toHaveBeenCalledOnce();
    download('1.2.0');
    await vi.waitFor(() => expect(deps.updater.quitAndInstall).toHaveBeenCalledOnce());
    expect(deps.askToRestart).toHaveBeenCalledExactlyOnceWith('1.2.0');
  });

  it('leave the app running when the user says later, and ask once per version', async () => {
    const { deps, download } = setup(false);
    createUpdateFlow(deps, null).start();
    download('1.2.0');
    download('1.2.0');
    await vi.waitFor(() => expect(deps.askToRestart).toHaveBeenCalledOnce());
    expect(deps.updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('answer a check the user asked for', async () => {
    const { deps } = setup(true, false);
    createUpdateFlow(deps, null).checkNow();
    await vi.waitFor(() => expect(deps.tell).toHaveBeenCalledWith('upToDate'));
  });
});
