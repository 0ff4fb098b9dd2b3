import type { DatabaseSync } from 'node:sqlite';
import type { Message } from '../../../../shared/domain/conversation';

/** Conversations whose path is kept: the one a page shows, and a few it went between (a 10,000-message path is ~10 MB). */
const KEPT = 4;

/*
 * SQLite itself says which conversation a write touched, whichever module wrote it (the store,
 * merge, restore, an import): TEMP triggers live on this connection only and call back into
 * this module. The current path reads messages and the conversation's leaf, so those are watched.
 */
const TRIGGERS = `
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_added AFTER INSERT ON main.messages
    BEGIN SELECT confab_path_written(new.conversation_id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_changed AFTER UPDATE ON main.messages
    BEGIN SELECT confab_path_written(old.conversation_id), confab_path_written(new.conversation_id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_removed AFTER DELETE ON main.messages
    BEGIN SELECT confab_path_written(old.conversation_id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_leaf AFTER UPDATE OF current_leaf ON main.conversations
    BEGIN SELECT confab_path_written(new.id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_gone AFTER DELETE ON main.conversations
    BEGIN SELECT confab_path_written(old.id); END;`;

/**
 * The current path of the last few conversations read, kept until a write touches them. A Send
 * reads the whole path to plan its request: 10,000 messages are 50–150 ms of SQLite and row
 * conversion, where the goal for Send → request is 20 ms (docs/benchmarks.md); the composer's
 * plan read the same path just before. A write forgets the conversation at once, even one rolled
 * back later (forgetting is always safe); a path read inside a transaction is not kept (it may
 * hold writes yet to be rolled back); another connection's commit (PRAGMA data_version) forgets all.
 * The messages are frozen: callers share them, so a change must go through the store.
 */
export function pathCache(db: DatabaseSync, read: (id: string) => Message[]) {
  const kept = new Map<string, readonly Message[]>();
  db.function('confab_path_written', (id) => (kept.delete(String(id)), null));
  db.exec(TRIGGERS);
  const version = db.prepare('PRAGMA data_version');
  const dataVersion = () => (version.get() as { data_version: number }).data_version;
  let seen = dataVersion();

  return (id: string): Message[] => {
    const now = dataVersion();
    if (now !== seen) kept.clear();
    seen = now;
    const hit = kept.get(id);
    if (hit) {
      // The last read goes last: the first is the one forgotten when too many are kept.
      kept.delete(id);
      kept.set(id, hit);
      return [...hit];
    }
    const messages = read(id);
    if (db.isTransaction) return messages;
    kept.set(id, messages.map((message) => Object.freeze(message)));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return [...messages];
  };
}
