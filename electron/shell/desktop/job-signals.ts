/**
 * What the desktop shows of background work: dock/taskbar progress while an upload or long
 * job runs, a system notification when one ends while the window is not focused (a click
 * opens it), and a count of finished-but-unseen results on the macOS dock badge or the
 * Windows taskbar overlay. Main's job queue feeds `JobSignal`s in (job-signal-feed.ts).
 */
export type JobSignal =
  /** The overall progress of running work, 0..1; null: running, amount unknown; the last one ends it. */
  | { kind: 'progress'; fraction: number | null }
  | { kind: 'ended'; jobId: string; title: string; ok: boolean };

/** The parts of Electron this needs, injected so it is tested without Electron. */
export interface SignalDeps {
  platform: NodeJS.Platform;
  window(): {
    isFocused(): boolean;
    setProgressBar(progress: number, options?: { mode: 'none' | 'normal' | 'indeterminate' | 'error' | 'paused' }): void;
    /** Windows only: a small image over the taskbar button (null removes it). */
    setOverlay(count: number): void;
    flashFrame(flag: boolean): void;
  } | null;
  /** The macOS dock badge (and Unity launchers on Linux). */
  setBadgeCount(count: number): void;
  /** A system notification that the job ended, worded by the shell in the UI language. */
  notify(ended: { ok: boolean; fileName: string }, onClick: () => void): void;
  /** Brings the window forward and opens the job's result. */
  focusJob(jobId: string): void;
}

export function createJobSignals(deps: SignalDeps) {
  let unseen = 0;

  const showUnseen = () => {
    if (deps.platform === 'win32') deps.window()?.setOverlay(unseen);
    else deps.setBadgeCount(unseen);
  };

  return {
    signal(signal: JobSignal): void {
      const window = deps.window();
      if (signal.kind === 'progress') {
        // -1 removes the bar; above 1 shows it indeterminate (Electron's convention).
        if (signal.fraction === null) window?.setProgressBar(2, { mode: 'indeterminate' });
        else window?.setProgressBar(Math.min(1, Math.max(0, signal.fraction)));
        return;
      }
      if (window?.isFocused()) return;
      unseen++;
      showUnseen();
      window?.flashFrame(true);
      deps.notify({ ok: signal.ok, fileName: signal.title }, () => deps.focusJob(signal.jobId));
    },
    /** Work stopped: the bar goes away. */
    idle(): void {
      deps.window()?.setProgressBar(-1);
    },
    /** The window got focus: what ended is being seen now. */
    seen(): void {
      if (unseen === 0) return;
      unseen = 0;
      showUnseen();
      deps.window()?.flashFrame(false);
    },
  };
}

export type JobSignals = ReturnType<typeof createJobSignals>;
