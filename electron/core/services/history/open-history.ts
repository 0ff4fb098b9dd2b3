import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../../log';
import type { Backups } from './backups';
import { type HistoryStore, createHistoryStore } from './history-store';
import { mergeBackups, repairInPlace } from './repair';
import { type RepairNotice, repairNotice } from './repair-notice';
import { errorText } from '../../../../shared/domain/error-text';

/**
 * Opens the history in the data folder. A file found damaged at start had its readable rows
 * salvaged (database.ts); the newest backup is then merged in. Damage a query meets later is
 * repaired in place at once (repair.ts), and the notice says what came back from where; it is
 * kept until dismissed (`notice`, also across restarts; by default in the data folder).
 */
export function openHistory(options: { dataDir: string; afterCrash: boolean; backups: Backups; notice?: RepairNotice }): HistoryStore {
  const { backups, dataDir } = options;
  const notice = options.notice ?? repairNotice(join(dataDir, 'history-notice.json'), backups);
  const path = join(dataDir, 'history.sqlite');
  // Left by a repair that failed: the next start checks every page, and salvages what it finds.
  const recheck = `${path}.check-at-start`;
  let failed = false;
  const history: HistoryStore = createHistoryStore(path, {
    afterCrash: options.afterCrash || existsSync(recheck),
    beforeMigrating: backups.beforeMigrating,
    onDamage: (writable) => {
      // One attempt a run: a repair that failed once would fail again, each time copying the file aside.
      if (failed) return;
      repairInPlace({ path, dataDir, backups })
        .then((problem) => {
          history.problem = notice.show(problem).problem;
          // Writable first: what others kept while the repair ran (the editor's changes) is written into it now.
          writable();
          history.repaired();
        })
        .catch((error: unknown) => {
          failed = true;
          try {
            writeFileSync(recheck, '');
          } catch {
            // A disk that refuses this too: the notice still says to quit, and an unclean exit checks every page.
          }
          log.error(`Repairing the history file failed: ${errorText(error)}`);
          history.problem = notice.show([{ code: 'history_notice.repair_failed', values: {} }]).problem;
          history.repaired();
        });
    },
  });
  rmSync(recheck, { force: true });
  // Found at this start (a file salvaged, or moved aside as unusable): a new notice.
  if (history.problem) history.problem = notice.show([...history.problem, ...(history.salvaged ? mergeBackups(history, backups, dataDir) : [])]).problem;
  // A failed repair's notice asked for a restart, which checked every page and found nothing to salvage: it is over.
  else if (notice.current()?.problem.some((part) => part.code === 'history_notice.repair_failed')) notice.seen(notice.current()!.id);
  else if (notice.current()) history.problem = notice.current()!.problem;
  // Marks no notice waits for (it was not kept, or an older Confab's): their backups rotate again.
  else backups.noticeSeen();
  return history;
}
