import type { DatabaseSync } from 'node:sqlite';
import { statementCache } from '../storage/sqlite-transaction';

/**
 * What the user deletes that a backup could hold: a conversation (with its messages), a transcript
 * (with its edits), a message (removed by editing and resending, or regenerating).
 */
export type DeletedKind = 'conversation' | 'transcript' | 'message';

/**
 * The ids the user deleted (migration 12), each written in the same transaction as its deletion,
 * so a repair's backup merge can leave them out: a backup taken before a deletion still holds the
 * row, and the salvaged history no longer does. A schema table like any other, so the salvage
 * copies it; ids and a time only, nothing the user wrote.
 */
export function deletionRecord(db: DatabaseSync) {
  const sql = statementCache(db);
  return {
    remember: (kind: DeletedKind, id: string, at = Date.now()) =>
      void sql('INSERT OR REPLACE INTO deleted_items (kind, id, deleted_at) VALUES (?, ?, ?)').run(kind, id, at),
    /** Undone, or brought back by the user's own restore: a later repair may bring it back too. */
    forget: (kind: DeletedKind, id: string) => void sql('DELETE FROM deleted_items WHERE kind = ? AND id = ?').run(kind, id),
    ids: (kind: DeletedKind) => new Set((sql('SELECT id FROM deleted_items WHERE kind = ?').all(kind) as Array<{ id: string }>).map((row) => row.id)),
  };
}

export type DeletionRecord = ReturnType<typeof deletionRecord>;
