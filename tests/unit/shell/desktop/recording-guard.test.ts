import { describe, expect, it, vi } from 'vitest';
import { createRecordingGuard } from '../../../../electron/shell/desktop/recording-guard';

/** A guard over a fake recording and window, with every effect written down in order. */
function setUp(platform: NodeJS.Platform = 'win32', answer: boolean | Promise<boolean> = true) {
  const done: string[] = [];
  let running = false;
  const listeners = new Set<(running: boolean) => void>();
  let visible = true;
  const window = {
    isVisible: () => visible,
    hide: () => void ((visible = false), done.push('hide')),
    show: () => void ((visible = true), done.push('show')),
    focus: () => void done.push('focus'),
  };
  const setRunning = (next: boolean) => {
    running = next;
    for (const listener of listeners) listener(next);
  };
  const recording = {
    running: () => running,
    onRunningChange: (listener: (running: boolean) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    stopRunning: vi.fn(async () => {
      done.push('stopRunning');
      setRunning(false);
    }),
  };
  const guard = createRecordingGuard({
    platform,
    recording,
    window: () => window,
    tray: { show: () => void done.push('tray.show'), remove: () => void done.push('tray.remove') },
    confirmQuit: vi.fn(async () => (done.push('ask'), answer)),
    quit: () => void done.push('quit'),
    log: { error: vi.fn() },
  });
  const event = () => ({ preventDefault: vi.fn() });
  return { done, guard, setRunning, recording, event, visible: () => visible };
}

describe('closing the window', () => {
  it('closes it when nothing records', () => {
    const { guard, event, done } = setUp();
    const close = event();
    guard.close(close);
    expect(close.preventDefault).not.toHaveBeenCalled();
    expect(done).toEqual([]);
  });

  it('hides it to the tray while recording (Windows, Linux), and capture goes on', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { guard, event, done, setRunning, recording } = setUp(platform);
      setRunning(true);
      const close = event();
      guard.close(close);
      expect(close.preventDefault).toHaveBeenCalledOnce();
      expect(done).toEqual(['hide', 'tray.show']);
      expect(recording.stopRunning).not.toHaveBeenCalled();
    }
  });

  it('hides it to the dock on macOS, where clicking the dock icon brings it back', () => {
    const { guard, event, done, setRunning } = setUp('darwin');
    setRunning(true);
    guard.close(event());
    expect(done).toEqual(['hide']);
    guard.activate();
    expect(done).toEqual(['hide', 'show', 'focus']);
  });

  it('brings a hidden window back and removes the tray when the recording ends (the tray\'s Stop recording)', async () => {
    const { guard, event, done, setRunning, visible } = setUp('linux');
    setRunning(true);
    guard.close(event());
    guard.stop();
    await vi.waitFor(() => expect(done).toEqual(['hide', 'tray.show', 'stopRunning', 'tray.remove', 'show', 'focus']));
    expect(visible()).toBe(true);
  });
});

describe('quitting', () => {
  it('quits at once when nothing records', () => {
    const { guard, event, done } = setUp();
    const quit = event();
    guard.beforeQuit(quit);
    expect(quit.preventDefault).not.toHaveBeenCalled();
    expect(done).toEqual([]);
  });

  it('asks first while recording; Cancel keeps it recording and Confab running', async () => {
    const { guard, event, done, setRunning, recording } = setUp('win32', false);
    setRunning(true);
    const quit = event();
    guard.beforeQuit(quit);
    expect(quit.preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(done).toEqual(['ask']));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['ask']);
    expect(recording.stopRunning).not.toHaveBeenCalled();
    // Asked again on the next attempt, not remembered.
    guard.beforeQuit(event());
    await vi.waitFor(() => expect(done).toEqual(['ask', 'ask']));
  });

  it('Stop and quit stops the recording, then quits, and lets the windows close', async () => {
    const { guard, event, done, setRunning } = setUp('win32', true);
    setRunning(true);
    guard.beforeQuit(event());
    await vi.waitFor(() => expect(done).toEqual(['ask', 'stopRunning', 'tray.remove', 'quit']));
    // The quit that follows goes through, and so does the window's close.
    const again = event();
    guard.beforeQuit(again);
    const close = event();
    guard.close(close);
    expect(again.preventDefault).not.toHaveBeenCalled();
    expect(close.preventDefault).not.toHaveBeenCalled();
  });

  it('does not bring a hidden window back on the way out', async () => {
    const { guard, event, done, setRunning } = setUp('linux', true);
    setRunning(true);
    guard.close(event());
    guard.beforeQuit(event());
    await vi.waitFor(() => expect(done).toEqual(['hide', 'tray.show', 'ask', 'stopRunning', 'tray.remove', 'quit']));
  });

  it('stays running, and asks again next time, when stopping fails', async () => {
    const { guard, event, done, setRunning, recording } = setUp('win32', true);
    setRunning(true);
    recording.stopRunning.mockRejectedValueOnce(new Error('disk gone'));
    guard.beforeQuit(event());
    await vi.waitFor(() => expect(done).toEqual(['ask']));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).not.toContain('quit');
    const again = event();
    guard.beforeQuit(again);
    expect(again.preventDefault).toHaveBeenCalledOnce();
  });

  it('asks once however often quit is pressed while the question is open', async () => {
    let answer!: (stop: boolean) => void;
    const { guard, event, done, setRunning } = setUp('darwin', new Promise<boolean>((resolve) => (answer = resolve)));
    setRunning(true);
    guard.beforeQuit(event());
    const second = event();
    guard.beforeQuit(second);
    expect(second.preventDefault).toHaveBeenCalledOnce();
    answer(true);
    await vi.waitFor(() => expect(done).toEqual(['ask', 'stopRunning', 'tray.remove', 'quit']));
  });
});
