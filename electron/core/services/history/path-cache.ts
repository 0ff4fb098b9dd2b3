import type { DatabaseSync } from 'node:sqlite';
import type { Message } from '../../../../shared/domain/conversation';
import { type MessageRow, toMessage } from './rows';

/** Conversations whose path is kept: the one a page shows, and a few it went between (a 10,000-message path is ~10 MB). */
const KEPT = 4;
/** Past this many messages written since the last read (an import), the path is read again whole. */
const MENDABLE = 200;

/*
 * SQLite itself says which messages a write touched, whichever module wrote them (the store,
 * merge, restore, an import): TEMP triggers live on this connection only and call back into
 * this module. The current path reads messages and the conversation's leaf, so those are watched.
 */
const TRIGGERS = `
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_added AFTER INSERT ON main.messages
    BEGIN SELECT confab_path_written(new.conversation_id, new.id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_changed AFTER UPDATE ON main.messages
    BEGIN SELECT confab_path_written(old.conversation_id, old.id), confab_path_written(new.conversation_id, new.id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_removed AFTER DELETE ON main.messages
    BEGIN SELECT confab_path_written(old.conversation_id, old.id); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_leaf AFTER UPDATE OF current_leaf ON main.conversations
    BEGIN SELECT confab_path_written(new.id, NULL); END;
  CREATE TEMP TRIGGER IF NOT EXISTS path_cache_gone AFTER DELETE ON main.conversations
    BEGIN SELECT confab_path_written(old.id, NULL); END;`;

interface Kept {
  messages: readonly Message[];
  /** Ids of the messages written since the path was read ('': the conversation's leaf moved). */
  written: Set<string>;
}

/**
 * The current path of the last few conversations read, kept and mended as they are written. A
 * Send reads the whole path to plan its request: 10,000 messages are 50–150 ms of SQLite and row
 * conversion, where the goal for Send → request is 20 ms (docs/benchmarks.md), and the composer's
 * plan reads the same path after every reply. So a read after writes reads only the rows written
 * (the reply's, a new message's) and mends the kept path with them: a row on the path replaced in
 * place under the same parent, new messages appended when they lead from the kept leaf to the
 * conversation's leaf; anything else (a branch shown, messages removed, a parent changed) reads
 * the path again whole. Rows are always read again, never taken from the trigger, so a write
 * rolled back later mends to what is stored; a path read inside a transaction is not kept;
 * another connection's commit (PRAGMA data_version) forgets all. The messages are frozen:
 * callers share them, so a change must go through the store.
 */
export function pathCache(db: DatabaseSync, read: (id: string) => Message[]) {
  const kept = new Map<string, Kept>();
  db.function('confab_path_written', (conversation, message) => {
    const entry = kept.get(String(conversation));
    entry?.written.add(message === null ? '' : String(message));
    // Too much written to mend (an import): forgotten now rather than listed on.
    if (entry && entry.written.size > MENDABLE) kept.delete(String(conversation));
    return null;
  });
  db.exec(TRIGGERS);
  const version = db.prepare('PRAGMA data_version');
  const row = db.prepare('SELECT * FROM messages WHERE id = ? AND conversation_id = ?');
  const leaf = db.prepare('SELECT current_leaf FROM conversations WHERE id = ?');
  const dataVersion = () => (version.get() as { data_version: number }).data_version;
  let seen = dataVersion();

  /** The kept path with the rows written since, or null when only a whole read can say. */
  function mended(id: string, { messages, written }: Kept): readonly Message[] | null {
    if (written.size === 0) return messages;
    const path = [...messages];
    const index = new Map(path.map((message, at) => [message.id, at]));
    const added = new Map<string, MessageRow & { parent_id: string | null }>();
    for (const messageId of written) {
      if (messageId === '') continue;
      const stored = row.get(messageId, id) as (MessageRow & { parent_id: string | null }) | undefined;
      const at = index.get(messageId);
      if (at === undefined) {
        if (stored) added.set(messageId, stored);
        continue;
      }
      if (!stored || stored.parent_id !== (path[at - 1]?.id ?? null)) return null;
      path[at] = Object.freeze(toMessage(stored));
    }
    // From the conversation's leaf up to the kept one, through new messages only.
    const chain: Message[] = [];
    let at = (leaf.get(id) as { current_leaf: string | null } | undefined)?.current_leaf ?? null;
    while (at !== null && !index.has(at)) {
      const stored = added.get(at);
      if (!stored || chain.length > added.size) return null;
      chain.push(Object.freeze(toMessage(stored)));
      at = stored.parent_id;
    }
    if ((at ?? null) !== (path.at(-1)?.id ?? null)) return null;
    return [...path, ...chain.reverse()];
  }

  return (id: string): Message[] => {
    const now = dataVersion();
    if (now !== seen) kept.clear();
    seen = now;
    const entry = kept.get(id);
    // Inside a transaction the rows may yet be rolled back: nothing read there is kept, and what was written stays to mend.
    if (db.isTransaction) return [...((entry && mended(id, entry)) ?? read(id))];
    const messages = (entry && mended(id, entry)) ?? read(id).map((message) => Object.freeze(message));
    // The last read goes last: the first is the one forgotten when too many are kept.
    kept.delete(id);
    kept.set(id, { messages, written: new Set() });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return [...messages];
  };
}
