import { join } from 'node:path';
import { log } from '../../log';
import type { Backups } from './backups';
import { type HistoryStore, createHistoryStore } from './history-store';
import { mergeNewestBackup, repairInPlace } from './repair';

/**
 * Opens the history in the data folder. A file found damaged at start had its readable rows
 * salvaged (database.ts); the newest backup is then merged in. Damage a query meets later is
 * repaired in place at once (repair.ts), and the notice says what came back from where.
 */
export function openHistory(options: { dataDir: string; afterCrash: boolean; backups: Backups }): HistoryStore {
  const { backups, dataDir } = options;
  const path = join(dataDir, 'history.sqlite');
  const history: HistoryStore = createHistoryStore(path, {
    afterCrash: options.afterCrash,
    beforeMigrating: backups.beforeMigrating,
    onDamage: (repaired) => {
      repairInPlace({ path, dataDir, backups })
        .then((notice) => void (history.problem = notice))
        .catch((error: unknown) => log.error(`Repairing the history file failed: ${(error as Error).message}`))
        .finally(repaired);
    },
  });
  if (history.salvaged) history.problem += mergeNewestBackup(history, backups, dataDir);
  return history;
}
