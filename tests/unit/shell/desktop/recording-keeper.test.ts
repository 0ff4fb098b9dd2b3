import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../../electron/core/services/language/language-service';

const fakes = vi.hoisted(() => ({
  appListeners: new Map<string, (event: { preventDefault(): void }) => void>(),
  trays: [] as Array<{ tooltip: string; menu: Array<{ label?: string; click?: () => void }>; destroyed: boolean }>,
  answer: 0,
  dialogs: [] as unknown[][],
  quit: vi.fn(),
}));

vi.mock('electron', () => ({
  app: {
    name: 'Confab',
    on: (event: string, listener: (event: { preventDefault(): void }) => void) => fakes.appListeners.set(event, listener),
    quit: fakes.quit,
  },
  Menu: { buildFromTemplate: (template: unknown) => template },
  Tray: class {
    tooltip = '';
    menu: Array<{ label?: string; click?: () => void }> = [];
    destroyed = false;
    constructor() {
      fakes.trays.push(this);
    }
    setToolTip(text: string) {
      this.tooltip = text;
    }
    setContextMenu(menu: Array<{ label?: string; click?: () => void }>) {
      this.menu = menu;
    }
    on() {}
    destroy() {
      this.destroyed = true;
    }
  },
  dialog: { showMessageBox: vi.fn(async (...args: unknown[]) => (fakes.dialogs.push(args), { response: fakes.answer })) },
  nativeImage: { createFromBitmap: () => ({ kind: 'dot' }) },
}));

const { keepWhileRecording } = await import('../../../../electron/shell/desktop/recording-keeper');

// The Electron glue around the guard: the tray's menu and the quit question, in main's language.
function setUp(language: 'en' | 'de') {
  let running = true;
  const listeners = new Set<(running: boolean) => void>();
  const recording = {
    append: vi.fn(),
    running: () => running,
    microphone: () => running,
    systemAudio: () => running,
    onRunningChange: (listener: (running: boolean) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    stopRunning: vi.fn(async () => {
      running = false;
      for (const listener of listeners) listener(false);
    }),
  };
  let visible = true;
  const windowListeners = new Map<string, (event: { preventDefault(): void }) => void>();
  const window = {
    isDestroyed: () => false,
    isVisible: () => visible,
    hide: () => void (visible = false),
    show: () => void (visible = true),
    focus: vi.fn(),
    on: (event: string, listener: (event: { preventDefault(): void }) => void) => windowListeners.set(event, listener),
  };
  const keeper = keepWhileRecording(recording, () => window as never, wordsIn(language));
  keeper.watch(window as never);
  return { recording, window, windowListeners, visible: () => visible };
}

describe('keeping a recording going (Electron)', () => {
  beforeEach(() => {
    fakes.trays.length = 0;
    fakes.dialogs.length = 0;
    fakes.quit.mockClear();
  });

  it.skipIf(process.platform === 'darwin')('closing the window while recording puts a tray icon up whose menu shows the window, stops, quits', async () => {
    const { windowListeners, visible, recording } = setUp('en');
    const close = { preventDefault: vi.fn() };
    windowListeners.get('close')!(close);
    expect(close.preventDefault).toHaveBeenCalledOnce();
    expect(visible()).toBe(false);
    const [tray] = fakes.trays;
    expect(tray!.tooltip).toBe('Confab is recording');
    expect(tray!.menu.map((item) => item.label)).toEqual(['Show Confab', 'Stop Recording', undefined, 'Quit Confab']);
    tray!.menu[0]!.click!();
    expect(visible()).toBe(true);
    tray!.menu[1]!.click!();
    await vi.waitFor(() => expect(recording.stopRunning).toHaveBeenCalledOnce());
    expect(tray!.destroyed).toBe(true);
    tray!.menu[3]!.click!();
    expect(fakes.quit).toHaveBeenCalledOnce();
  });

  it('asks before quitting, in main\'s language, modal to the window; Stop and quit stops, then quits', async () => {
    const { recording, window } = setUp('de');
    fakes.answer = 0;
    const quit = { preventDefault: vi.fn() };
    fakes.appListeners.get('before-quit')!(quit);
    expect(quit.preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(fakes.quit).toHaveBeenCalledOnce());
    expect(recording.stopRunning).toHaveBeenCalledOnce();
    expect(fakes.dialogs).toEqual([
      [window, expect.objectContaining({ message: 'Aufnahme stoppen und Confab beenden?', buttons: ['Stoppen und beenden', 'Abbrechen'], cancelId: 1 })],
    ]);
  });

  it('Cancel keeps the recording and Confab running', async () => {
    const { recording } = setUp('en');
    fakes.answer = 1;
    fakes.appListeners.get('before-quit')!({ preventDefault: vi.fn() });
    await vi.waitFor(() => expect(fakes.dialogs).toHaveLength(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(fakes.dialogs[0]![1]).toMatchObject({ message: 'Stop the recording and quit?', buttons: ['Stop and Quit', 'Cancel'] });
    expect(recording.stopRunning).not.toHaveBeenCalled();
    expect(fakes.quit).not.toHaveBeenCalled();
  });
});
