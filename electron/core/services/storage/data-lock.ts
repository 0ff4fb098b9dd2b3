import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LOCK = 'confab.lock';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another running Confab holds the folder: the desktop's start-failure dialog words it (main.json `dialog.alreadyRunning`). */
export class DataFolderInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    // The harness prints this to its console, which stays in English like the log.
    super(`Confab is already running with this data folder (${dir}, process ${pid}). Switch to that window, or quit it and start again.`);
  }
}

/**
 * One Confab per data folder: a second instance (Electron or the browser harness) is
 * refused with a clear message instead of writing the same history at the same time. A lock
 * left by a killed process names a pid that no longer runs: it is taken over, and
 * `afterCrash` tells the caller to check its files thoroughly.
 */
export function lockDataFolder(dir: string): { release(): void; afterCrash: boolean } {
  const path = join(dir, LOCK);
  let afterCrash = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return {
        afterCrash,
        release: () => {
          try {
            unlinkSync(path);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && running(holder)) {
        throw new DataFolderInUse(dir, holder);
      }
      // The last run ended without releasing its lock: it crashed or was killed.
      afterCrash = true;
      unlinkSync(path);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}
