import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, backup } from 'node:sqlite';
import { log } from '../../log';
import type { Backups } from './backups';
import { type HistoryStore, createHistoryStore } from './history-store';
import { mergeBackup } from './restore';
import { describeSalvage, salvageHistory } from './salvage';
import { errorText } from '../../../../shared/domain/error-text';
import type { ProblemData } from '../../../../shared/domain/problem';

const clear = (path: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
};

/**
 * Merges the newest backup into a history just salvaged, never overwriting, so what the damage
 * took and the backup holds comes back, but nothing the user deleted since; also those kept from an earlier repair whose notice the
 * user has not seen (backups.ts: one taken since holds the history that repair reduced). Each is
 * then kept out of the rotation until the notice is seen. What to add to the notice, a part per
 * backup (nothing without one).
 */
export function mergeBackups(history: HistoryStore, backups: Backups, dataDir: string): ProblemData[] {
  return backups.forRepair().map(({ path, createdAt: date }): ProblemData => {
    try {
      backups.keepForNotice(path);
    } catch (error) {
      // Merged all the same; only its keeping beyond the rotation is lost.
      log.warn(`A backup could not be marked as kept for the repair's notice: ${errorText(error)}`);
    }
    try {
      const merged = mergeBackup(history, path, join(dataDir, 'history-salvage-merge.sqlite'), 'skipped');
      return { code: 'history_notice.backup_merged', values: { date, conversations: merged.added + merged.copied, transcripts: merged.transcripts } };
    } catch (error) {
      log.error(`Merging a backup into a salvaged history failed: ${errorText(error)}`);
      return { code: 'history_notice.backup_not_merged', values: { date } };
    }
  });
}

/**
 * Repairs the history file while Confab runs on it, after a query met damage: the file is kept
 * aside as it was, its readable rows are salvaged into a new database with the newest backup
 * merged in, and that database is copied over the live file with SQLite's backup API, which the
 * open connection sees at its next statement (its prepared statements included). The connection
 * is read-only meanwhile (storage-guard.ts), so a write in that moment is refused with the repair's
 * words rather than written into the damaged file and then overwritten.
 */
export async function repairInPlace(options: { path: string; dataDir: string; backups: Backups; now?: number }): Promise<ProblemData[]> {
  const { path } = options;
  const aside = `${path}.damaged-${new Date(options.now ?? Date.now()).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal']) if (existsSync(path + suffix)) copyFileSync(path + suffix, aside + suffix);
  const salvaging = `${path}.salvaging`;
  clear(salvaging);
  try {
    const report = salvageHistory(path, salvaging);
    const store = createHistoryStore(salvaging);
    let merged: ProblemData[];
    try {
      merged = mergeBackups(store, options.backups, options.dataDir);
    } finally {
      store.close();
    }
    const repaired = new DatabaseSync(salvaging);
    try {
      await backup(repaired, path, { rate: -1 });
    } finally {
      repaired.close();
    }
    return [{ code: 'history_notice.repaired', values: {} }, ...describeSalvage(report), ...merged, { code: 'history_notice.kept', values: { path: aside } }];
  } finally {
    clear(salvaging);
  }
}
