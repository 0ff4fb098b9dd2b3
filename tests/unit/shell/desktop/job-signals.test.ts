import { describe, expect, it, vi } from 'vitest';
import { createJobSignals, type SignalDeps } from '../../../../electron/shell/desktop/job-signals';

function setup(platform: NodeJS.Platform, focused = false) {
  const window = { isFocused: vi.fn(() => focused), setProgressBar: vi.fn(), setOverlay: vi.fn(), flashFrame: vi.fn() };
  const clicks: (() => void)[] = [];
  const deps = {
    platform,
    window: () => window,
    setBadgeCount: vi.fn(),
    notify: vi.fn((_ended: { ok: boolean; fileName: string }, onClick: () => void) => void clicks.push(onClick)),
    focusJob: vi.fn(),
  } satisfies SignalDeps;
  return { window, deps, clicks, signals: createJobSignals(deps) };
}

describe('job signals', () => {
  it('shows progress on the dock or taskbar, indeterminate when unknown, and removes it when idle', () => {
    const { window, signals } = setup('linux');
    signals.signal({ kind: 'progress', fraction: 0.25 });
    signals.signal({ kind: 'progress', fraction: 1.5 });
    signals.signal({ kind: 'progress', fraction: null });
    signals.idle();
    expect(window.setProgressBar.mock.calls).toEqual([[0.25], [1], [2, { mode: 'indeterminate' }], [-1]]);
  });

  it('notifies when a job ends unfocused; a click opens that job', () => {
    const { deps, clicks, signals } = setup('darwin');
    signals.signal({ kind: 'ended', jobId: 'job-1', title: 'interview.m4a', ok: true });
    signals.signal({ kind: 'ended', jobId: 'job-2', title: 'talk.mp3', ok: false });
    expect(deps.notify.mock.calls.map(([options]) => options)).toEqual([
      { ok: true, fileName: 'interview.m4a' },
      { ok: false, fileName: 'talk.mp3' },
    ]);
    clicks[0]!();
    expect(deps.focusJob).toHaveBeenCalledExactlyOnceWith('job-1');
  });

  it('counts unseen results on the macOS dock badge until the window is focused', () => {
    const { deps, window, signals } = setup('darwin');
    signals.signal({ kind: 'ended', jobId: 'a', title: 'a', ok: true });
    signals.signal({ kind: 'ended', jobId: 'b', title: 'b', ok: true });
    signals.seen();
    expect(deps.setBadgeCount.mock.calls).toEqual([[1], [2], [0]]);
    expect(window.flashFrame.mock.calls).toEqual([[true], [true], [false]]);
  });

  it('uses the taskbar overlay on Windows instead of a badge', () => {
    const { deps, window, signals } = setup('win32');
    signals.signal({ kind: 'ended', jobId: 'a', title: 'a', ok: true });
    signals.seen();
    expect(window.setOverlay.mock.calls).toEqual([[1], [0]]);
    expect(deps.setBadgeCount).not.toHaveBeenCalled();
  });

  it('says nothing when the user is looking at the window', () => {
    const { deps, signals } = setup('darwin', true);
    signals.signal({ kind: 'ended', jobId: 'a', title: 'a', ok: true });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.setBadgeCount).not.toHaveBeenCalled();
  });
});
