import type { DatabaseSync } from 'node:sqlite';
import { rowSnippet } from './current-text';
import { indexTerms, rowQuery } from './transcript-rows';

/**
 * What the notes index holds of notes' searchable text: its words cut as the row index cuts them
 * (Intl.Segmenter: Chinese, Japanese and Thai, written without spaces, into words), one space
 * apart. unicode61 alone reads a Japanese sentence as one token, found only by its first word.
 */
export const notesTerms = (text: string) => indexTerms(text).join(' ');

/**
 * Migration 23: transcript_notes_fts indexes the notes' words cut as rows' are (`terms`, written
 * beside `text` by notes.ts, kept in step by triggers as every copy into the table is: restore,
 * salvage); notes kept before are cut here and the index rebuilt from them.
 */
export function notesTermsMigration(db: DatabaseSync) {
  db.exec(`
    DROP TRIGGER transcript_notes_ai;
    DROP TRIGGER transcript_notes_ad;
    DROP TRIGGER transcript_notes_au;
    DROP TABLE transcript_notes_fts;
    ALTER TABLE transcript_notes ADD COLUMN terms TEXT NOT NULL DEFAULT '';
  `);
  // Cut before the index and its triggers exist: an update trigger would take out of the index words it never held.
  const cut = db.prepare('UPDATE transcript_notes SET terms = ? WHERE rowid = ?');
  for (const row of db.prepare('SELECT rowid, text FROM transcript_notes').all()) cut.run(notesTerms(row.text as string), row.rowid as number);
  db.exec(`
    CREATE VIRTUAL TABLE transcript_notes_fts USING fts5(
      terms, content='transcript_notes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
    );
    INSERT INTO transcript_notes_fts(transcript_notes_fts) VALUES ('rebuild');
    CREATE TRIGGER transcript_notes_ai AFTER INSERT ON transcript_notes BEGIN
      INSERT INTO transcript_notes_fts(rowid, terms) VALUES (new.rowid, new.terms);
    END;
    CREATE TRIGGER transcript_notes_ad AFTER DELETE ON transcript_notes BEGIN
      INSERT INTO transcript_notes_fts(transcript_notes_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
    END;
    CREATE TRIGGER transcript_notes_au AFTER UPDATE OF terms ON transcript_notes WHEN old.terms IS NOT new.terms BEGIN
      INSERT INTO transcript_notes_fts(transcript_notes_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
      INSERT INTO transcript_notes_fts(rowid, terms) VALUES (new.rowid, new.terms);
    END;
  `);
}

/**
 * Transcripts found by their notes (every word of the input, cut as the index cuts them, the last
 * as a prefix), newest first, but those in `found` (already found by a row); the snippet marked
 * in the notes' text as written, as a row's is.
 */
export function notesFound(db: DatabaseSync, input: string, limit: number, found: string) {
  const query = rowQuery(indexTerms(input));
  if (!query) return [];
  const hits = db
    .prepare(
      `SELECT t.id AS transcriptId, t.file_name AS fileName, t.created_at AS createdAt, n.text
         FROM transcript_notes_fts
         JOIN transcript_notes n ON n.rowid = transcript_notes_fts.rowid
         JOIN transcripts t ON t.id = n.transcript_id
        WHERE transcript_notes_fts MATCH ? AND t.id NOT IN (SELECT value FROM json_each(?))
        ORDER BY t.created_at DESC LIMIT ?`,
    )
    .all(query, found, limit) as Array<{ transcriptId: string; fileName: string; createdAt: number; text: string }>;
  return hits.map(({ text, ...hit }) => ({ ...hit, snippet: rowSnippet({ speaker: null, text }, input) }));
}
