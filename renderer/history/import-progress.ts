import type { ImportProgress } from '../../shared/contract/history';
import { api } from '../api';

/**
 * Watches main's progress on the import of `fileId` (subscribed before the start, so no event is
 * missed); returns the stop, called once the import answered.
 */
export function watchImport(fileId: string, show: (progress: ImportProgress) => void): () => void {
  let streamId: string | null = null;
  let stopped = false;
  const early: Array<{ id: string; event: ImportProgress }> = [];
  const unsubscribe = api.history.importProgress.subscribe((message) => {
    if (streamId === null) early.push(message);
    else if (message.id === streamId) show(message.event);
  });
  void api.history.importProgress.start({ fileId }).then(
    ({ id }) => {
      if (stopped) return void api.history.importProgress.cancel(id);
      streamId = id;
      for (const message of early.splice(0)) if (message.id === id) show(message.event);
    },
    // Progress is a courtesy: the import's own answer still says how it ended.
    () => undefined,
  );
  return () => {
    stopped = true;
    unsubscribe();
    if (streamId) void api.history.importProgress.cancel(streamId);
  };
}
