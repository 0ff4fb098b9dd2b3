/**
 * Update decisions, kept apart from electron-updater so they are tested without it: when to
 * check, and what to do once an update is downloaded (ask, then restart — never unasked).
 */

/** Why updates are off, or null when they run. */
export function updatesOff(context: { isPackaged: boolean; env: NodeJS.ProcessEnv }): UpdatesOff | null {
  if (!context.isPackaged) return 'development';
  // Test runs and managed installs turn it off; an update must never restart a test's app.
  if (context.env.CONFAB_DISABLE_UPDATES) return 'disabled';
  return null;
}

export type UpdatesOff = 'development' | 'disabled';
/** What a check the user asked for found, worded by the shell in the UI language. */
export type UpdateNews = UpdatesOff | 'upToDate' | 'downloading' | 'checkFailed';

export interface Updater {
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean } | null>;
  quitAndInstall(): void;
  onDownloaded(listener: (version: string) => void): void;
}

export interface UpdateDeps {
  updater: Updater;
  /** Main's own dialog: true when the user chose Restart now. */
  askToRestart(version: string): Promise<boolean>;
  /** A short message in main's dialog, for a check the user asked for. */
  tell(news: UpdateNews): void;
  log: { info(...parts: unknown[]): void; warn(...parts: unknown[]): void };
  every(ms: number, run: () => void): void;
}

const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

export function createUpdateFlow(deps: UpdateDeps, off: UpdatesOff | null) {
  const asked = new Set<string>();

  const check = async (byUser: boolean) => {
    try {
      const result = await deps.updater.checkForUpdates();
      if (byUser && !result?.isUpdateAvailable) deps.tell('upToDate');
      else if (byUser) deps.tell('downloading');
    } catch (error) {
      deps.log.warn('Checking for updates failed:', error);
      if (byUser) deps.tell('checkFailed');
    }
  };

  return {
    /** Background checks: now and every few hours. Declining installs the update when Confab quits. */
    start(): void {
      if (off) return void deps.log.info(`Updates are off (${off}).`);
      deps.updater.onDownloaded((version) => {
        if (asked.has(version)) return;
        asked.add(version);
        void deps.askToRestart(version).then((restart) => {
          if (restart) deps.updater.quitAndInstall();
        });
      });
      void check(false);
      deps.every(CHECK_EVERY_MS, () => void check(false));
    },
    /** Help ▸ Check for Updates…: answers either way. */
    checkNow(): void {
      if (off) return deps.tell(off);
      void check(true);
    },
  };
}
