import { join } from 'node:path';
import { log } from '../../log';
import type { Backups } from './backups';
import { type HistoryStore, createHistoryStore } from './history-store';
import { mergeBackup } from './restore';

/**
 * Opens the history in the data folder. When its file was damaged (the readable rows were
 * salvaged, or none could be), the newest backup is merged in at once, never overwriting, so
 * whatever the damage took and the backup holds comes back; the notice says what came from where.
 */
export function openHistory(options: { dataDir: string; afterCrash: boolean; backups: Backups }): HistoryStore {
  const { backups } = options;
  const history = createHistoryStore(join(options.dataDir, 'history.sqlite'), {
    afterCrash: options.afterCrash,
    beforeMigrating: backups.beforeMigrating,
  });
  const newest = history.salvaged ? backups.list()[0] : undefined;
  if (!newest) return history;
  const when = new Date(newest.createdAt).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
  try {
    const merged = mergeBackup(history, backups.pathOf(newest.id), join(options.dataDir, 'history-salvage-merge.sqlite'));
    const back = merged.added + merged.copied;
    history.problem = `${history.problem} Your newest backup (${when}) was merged in: ${back} conversation${back === 1 ? '' : 's'} and ${merged.transcripts} transcript${merged.transcripts === 1 ? '' : 's'} came back from it.`;
  } catch (error) {
    log.error(`Merging the newest backup into a salvaged history failed: ${(error as Error).message}`);
    history.problem = `${history.problem} Your newest backup (${when}) could not be merged in; restore it from Settings → Backups.`;
  }
  return history;
}
