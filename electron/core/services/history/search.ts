import type { DatabaseSync } from 'node:sqlite';
import type { SearchHit } from '../../../../shared/contract/history';
import { MATCH_END, MATCH_START, rowsFound } from './current-text';
import { notesFound } from './notes-index';

export { MATCH_END, MATCH_START };

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

const snippetOf = (table: string) => `snippet(${table}, 0, '${MATCH_START}', '${MATCH_END}', '…', 12)`;

/**
 * Messages and transcripts (by their rows, their text or their notes) matching the input, newest first. FTS5 walks its index by rowid,
 * so ORDER BY rowid with LIMIT stops early even for common words.
 */
export function searchHistory(db: DatabaseSync, input: string, limit: number): SearchHit[] {
  const query = ftsQuery(input);
  if (!query) return [];
  const messages = db
    .prepare(
      `SELECT m.conversation_id AS conversationId, c.title AS conversationTitle, m.id AS messageId, m.role,
              m.created_at AS createdAt, ${snippetOf('messages_fts')} AS snippet
         FROM messages_fts
         JOIN messages m ON m.rowid = messages_fts.rowid
         JOIN conversations c ON c.id = m.conversation_id
        WHERE messages_fts MATCH ? AND c.deleted_at IS NULL
        ORDER BY messages_fts.rowid DESC
        LIMIT ?`,
    )
    .all(query, limit) as unknown as Omit<Extract<SearchHit, { kind: 'message' }>, 'kind'>[];
  // First by a row as it now reads (its words or its speaker's name); then by its whole text, for
  // words said across rows: an edited transcript by its edited text, its original only while
  // unedited. Edits are indexed in the order transcripts were first edited, so those are taken newest first by date.
  const byRow = rowsFound(db, input, limit);
  // Transcripts a row found are not read again: a snippet of a 3-hour text costs about half a second.
  const found = JSON.stringify(byRow.map((hit) => hit.transcriptId));
  const byText = db
    .prepare(
      `SELECT * FROM (
         SELECT t.id AS transcriptId, t.file_name AS fileName, t.created_at AS createdAt, ${snippetOf('transcripts_fts')} AS snippet
           FROM transcripts_fts JOIN transcripts t ON t.rowid = transcripts_fts.rowid
          WHERE transcripts_fts MATCH ?1 AND NOT EXISTS (SELECT 1 FROM transcript_edits e WHERE e.transcript_id = t.id)
            AND t.id NOT IN (SELECT value FROM json_each(?3))
          ORDER BY transcripts_fts.rowid DESC LIMIT ?2)
       UNION ALL
       SELECT * FROM (
         SELECT t.id, t.file_name, t.created_at, ${snippetOf('transcript_edits_fts')}
           FROM transcript_edits_fts
           JOIN transcript_edits e ON e.rowid = transcript_edits_fts.rowid
           JOIN transcripts t ON t.id = e.transcript_id
          WHERE transcript_edits_fts MATCH ?1 AND t.id NOT IN (SELECT value FROM json_each(?3))
          ORDER BY t.created_at DESC LIMIT ?2)
`,
    )
    .all(query, limit, found) as unknown as Omit<Extract<SearchHit, { kind: 'transcript' }>, 'kind'>[];
  const transcripts = [...byRow, ...byText, ...notesFound(db, input, limit, found)];
  return [
    ...messages.map((hit) => ({ kind: 'message' as const, ...hit })),
    // Once per transcript: found by a row, its text and its notes, it is one hit (the row's snippet first).
    ...transcripts.filter((hit, i) => transcripts.findIndex((other) => other.transcriptId === hit.transcriptId) === i).map((hit) => ({ kind: 'transcript' as const, ...hit })),
  ]
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, limit);
}
