import type { DatabaseSync } from 'node:sqlite';

/** Marks around a matched word in a snippet; private-use characters cannot occur in typed text. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/**
 * Turns what the user typed into an FTS5 query: every word must occur, the last one as a
 * prefix (so results appear while typing). Quoting each word keeps FTS5 operators and
 * punctuation in the input from being read as query syntax.
 */
export function ftsQuery(input: string): string | null {
  const words = input.match(/[\p{L}\p{N}_]+/gu);
  if (!words) return null;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

export interface SearchRow {
  conversation_id: string;
  title: string;
  message_id: string;
  role: string;
  snippet: string;
  created_at: number;
}

/** Newest matches first: FTS5 walks its index by rowid, so LIMIT stops early even for common words. */
export function searchMessages(db: DatabaseSync, input: string, limit: number): SearchRow[] {
  const query = ftsQuery(input);
  if (!query) return [];
  return db
    .prepare(
      `SELECT m.conversation_id, c.title, m.id AS message_id, m.role, m.created_at,
              snippet(messages_fts, 0, '${MATCH_START}', '${MATCH_END}', '…', 12) AS snippet
         FROM messages_fts
         JOIN messages m ON m.rowid = messages_fts.rowid
         JOIN conversations c ON c.id = m.conversation_id
        WHERE messages_fts MATCH ? AND c.deleted_at IS NULL
        ORDER BY messages_fts.rowid DESC
        LIMIT ?`,
    )
    .all(query, limit) as unknown as SearchRow[];
}
