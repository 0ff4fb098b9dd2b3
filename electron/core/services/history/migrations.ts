import type { DatabaseSync } from 'node:sqlite';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { searchableText } from '../../../../shared/domain/transcript-edits';
import { branchesMigration } from './branches';
import { heldLinksMigration } from './held-links';
import { messagePinsMigration } from './message-pins';
import { messageSummariesMigration } from './message-summaries';
import { notesTermsMigration } from './notes-index';
import { peopleMigration } from './people';
import { migrateRowIds } from './row-ids-migration';
import { translationsMigration } from './translations';

/**
 * Schema versions in order; `PRAGMA user_version` records how many have run. A migration
 * is never edited once released: a change is a new entry, tested from every older version.
 */
export const MIGRATIONS: ReadonlyArray<(db: DatabaseSync) => void> = [
  // 1: conversations and their messages.
  (db) =>
    db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        system_prompt TEXT NOT NULL DEFAULT '',
        options TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        state TEXT NOT NULL,
        usage TEXT,
        failure TEXT,
        model TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_by_conversation ON messages(conversation_id, position);
    `),
  // 2: pinning, and deletion that can be undone (rows are purged at the next start).
  (db) =>
    db.exec(`
      ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE conversations ADD COLUMN deleted_at INTEGER;
      CREATE INDEX conversations_by_recency ON conversations(deleted_at, pinned DESC, updated_at DESC);
    `),
  // 3: full-text search over every message, kept in step by triggers.
  (db) =>
    db.exec(`
      CREATE VIRTUAL TABLE messages_fts USING fts5(
        content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      INSERT INTO messages_fts(rowid, content) SELECT rowid, content FROM messages;
      CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
      CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
      END;
      CREATE TRIGGER messages_au AFTER UPDATE OF content ON messages BEGIN
        INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
        INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
      END;
    `),
  // 4: finding replies cut off by a crash without scanning every message at start.
  (db) => db.exec(`CREATE INDEX messages_streaming ON messages(state) WHERE state = 'streaming'`),
  // 5: transcripts, searchable like messages.
  (db) =>
    db.exec(`
      CREATE TABLE transcripts (
        id TEXT PRIMARY KEY,
        file_name TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        request TEXT NOT NULL,
        transcript TEXT NOT NULL,
        text TEXT NOT NULL,
        audio_path TEXT
      );
      CREATE INDEX transcripts_by_recency ON transcripts(created_at DESC);
      CREATE VIRTUAL TABLE transcripts_fts USING fts5(
        text, content='transcripts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      CREATE TRIGGER transcripts_ai AFTER INSERT ON transcripts BEGIN
        INSERT INTO transcripts_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER transcripts_ad AFTER DELETE ON transcripts BEGIN
        INSERT INTO transcripts_fts(transcripts_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
    `),
  // 6: tool calling: the calls an assistant message asked for (JSON), and which call a tool message answers.
  (db) =>
    db.exec(`
      ALTER TABLE messages ADD COLUMN tool_calls TEXT;
      ALTER TABLE messages ADD COLUMN tool_call_id TEXT;
      ALTER TABLE messages ADD COLUMN tool_outcome TEXT;
    `),
  // 7: the transcript editor: each edited transcript's current document (the service's result
  // stays as it was in transcripts), its speakers' names, and its undo steps.
  (db) =>
    db.exec(`
      CREATE TABLE transcript_edits (
        transcript_id TEXT PRIMARY KEY REFERENCES transcripts(id) ON DELETE CASCADE,
        document TEXT NOT NULL,
        speakers TEXT NOT NULL DEFAULT '[]',
        position INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE transcript_edit_steps (
        transcript_id TEXT NOT NULL REFERENCES transcripts(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        forward TEXT NOT NULL,
        backward TEXT NOT NULL,
        PRIMARY KEY (transcript_id, seq)
      ) WITHOUT ROWID;
      CREATE INDEX transcript_edits_by_recency ON transcript_edits(updated_at DESC);
    `),
  // 8: search finds what the user corrected: an edited transcript is searched by its edited
  // text (kept beside its document), its original only while it has no edits. The texts are
  // filled in before the index exists: an external-content FTS5 index told to delete a row it
  // never held is corrupted.
  (db) => {
    db.exec(`ALTER TABLE transcript_edits ADD COLUMN text TEXT NOT NULL DEFAULT ''`);
    const rows = db.prepare('SELECT transcript_id AS id, document FROM transcript_edits').all() as { id: string; document: string }[];
    const update = db.prepare('UPDATE transcript_edits SET text = ? WHERE transcript_id = ?');
    for (const row of rows) update.run(searchableText(JSON.parse(row.document) as EditorDocument), row.id);
    db.exec(`
      CREATE VIRTUAL TABLE transcript_edits_fts USING fts5(
        text, content='transcript_edits', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      INSERT INTO transcript_edits_fts(transcript_edits_fts) VALUES ('rebuild');
      CREATE TRIGGER transcript_edits_ai AFTER INSERT ON transcript_edits BEGIN
        INSERT INTO transcript_edits_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER transcript_edits_ad AFTER DELETE ON transcript_edits BEGIN
        INSERT INTO transcript_edits_fts(transcript_edits_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER transcript_edits_au AFTER UPDATE OF text ON transcript_edits WHEN old.text IS NOT new.text BEGIN
        INSERT INTO transcript_edits_fts(transcript_edits_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO transcript_edits_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
    `);
  },
  // 9: what a conversation was started about (a transcript, as JSON), shown above its messages.
  (db) => db.exec('ALTER TABLE conversations ADD COLUMN attachment TEXT'),
  // 10: a reply's other versions (Retry and Regenerate keep the one they replace), as JSON.
  (db) => db.exec('ALTER TABLE messages ADD COLUMN versions TEXT'),
  // 11: an edited transcript's version, counted up by every change, so an edit made on an
  // older version (in another window) is merged or refused instead of written over.
  (db) => db.exec('ALTER TABLE transcript_edits ADD COLUMN version INTEGER NOT NULL DEFAULT 0'),
  // 12: what the user deleted (deletions.ts), so a repair's backup merge does not bring it back;
  // conversations deleted and not yet purged are deleted already.
  (db) =>
    db.exec(`
      CREATE TABLE deleted_items (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        deleted_at INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      );
      INSERT INTO deleted_items (kind, id, deleted_at) SELECT 'conversation', id, deleted_at FROM conversations WHERE deleted_at IS NOT NULL;
    `),
  // 13: rows with ids (docs/architecture/transcript-rows.md): every transcript's rows, as it now
  // reads, one per row of `transcript_rows` under its id, with a full-text index over their words
  // and speakers' names (words cut by transcript-rows.ts, so CJK is found by word); an edited
  // transcript's counter of ids given. Filled before the index exists, as in 8.
  (db) => {
    db.exec(`
      ALTER TABLE transcript_edits ADD COLUMN next_row INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE transcript_rows (
        transcript_id TEXT NOT NULL REFERENCES transcripts(id) ON DELETE CASCADE,
        row_id TEXT NOT NULL,
        ord INTEGER NOT NULL,
        start_ms INTEGER,
        end_ms INTEGER,
        speaker TEXT,
        text TEXT NOT NULL,
        speaker_terms TEXT NOT NULL,
        text_terms TEXT NOT NULL,
        UNIQUE (transcript_id, row_id)
      );
    `);
    migrateRowIds(db);
    db.exec(`
      CREATE INDEX transcript_rows_in_order ON transcript_rows(transcript_id, ord);
      CREATE VIRTUAL TABLE transcript_rows_fts USING fts5(
        speaker_terms, text_terms, content='transcript_rows', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      INSERT INTO transcript_rows_fts(transcript_rows_fts) VALUES ('rebuild');
      CREATE TRIGGER transcript_rows_ai AFTER INSERT ON transcript_rows BEGIN
        INSERT INTO transcript_rows_fts(rowid, speaker_terms, text_terms) VALUES (new.rowid, new.speaker_terms, new.text_terms);
      END;
      CREATE TRIGGER transcript_rows_ad AFTER DELETE ON transcript_rows BEGIN
        INSERT INTO transcript_rows_fts(transcript_rows_fts, rowid, speaker_terms, text_terms) VALUES ('delete', old.rowid, old.speaker_terms, old.text_terms);
      END;
      CREATE TRIGGER transcript_rows_au AFTER UPDATE OF speaker_terms, text_terms ON transcript_rows
        WHEN old.speaker_terms IS NOT new.speaker_terms OR old.text_terms IS NOT new.text_terms BEGIN
        INSERT INTO transcript_rows_fts(transcript_rows_fts, rowid, speaker_terms, text_terms) VALUES ('delete', old.rowid, old.speaker_terms, old.text_terms);
        INSERT INTO transcript_rows_fts(rowid, speaker_terms, text_terms) VALUES (new.rowid, new.speaker_terms, new.text_terms);
      END;
    `);
  },
  // 14: meeting notes (docs/architecture/transcript-notes.md): a transcript's notes with their items
  // (JSON: text, cited row ids, check status, edited or not) and the cited rows' text when made
  // (to tell when they are out of date), searchable; the user's own templates.
  (db) =>
    db.exec(`
      CREATE TABLE note_templates (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        sections TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE transcript_notes (
        transcript_id TEXT PRIMARY KEY REFERENCES transcripts(id) ON DELETE CASCADE,
        template TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        items TEXT NOT NULL,
        cited TEXT NOT NULL,
        text TEXT NOT NULL
      );
      CREATE VIRTUAL TABLE transcript_notes_fts USING fts5(
        text, content='transcript_notes', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
      );
      CREATE TRIGGER transcript_notes_ai AFTER INSERT ON transcript_notes BEGIN
        INSERT INTO transcript_notes_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER transcript_notes_ad AFTER DELETE ON transcript_notes BEGIN
        INSERT INTO transcript_notes_fts(transcript_notes_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER transcript_notes_au AFTER UPDATE OF text ON transcript_notes WHEN old.text IS NOT new.text BEGIN
        INSERT INTO transcript_notes_fts(transcript_notes_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO transcript_notes_fts(rowid, text) VALUES (new.rowid, new.text);
      END;
    `),
  // 15: transcripts the user keeps out of Ask across meetings (services/meetings-ask).
  (db) => db.exec('ALTER TABLE transcripts ADD COLUMN ask_excluded INTEGER NOT NULL DEFAULT 0'),
  // 16: the stretches a transcript's notes cover and do not (JSON), now that long ones are made in
  // parts (docs/architecture/transcript-notes.md); null for notes made before, which name none.
  (db) => db.exec('ALTER TABLE transcript_notes ADD COLUMN coverage TEXT'),
  // 17: people, named once and remembered across transcripts (people.ts).
  peopleMigration,
  // 18: translations (docs/architecture/translation.md): one per (transcript, language) with its
  // names and terms and synopsis; its rows by original row id, each with the original text it was
  // made from (a row whose original now reads otherwise is stale). They go with their transcript.
  translationsMigration,
  // 19: messages as a tree, so an edit makes a branch and the old one stays (branches.ts).
  branchesMigration,
  // 20: pinned messages and what a reply's request carried (message-pins.ts).
  messagePinsMigration,
  // 21: summaries of earlier messages, sent in their place (message-summaries.ts).
  messageSummariesMigration,
  // 22: the documents and pastes a user message carried (held-links.ts).
  heldLinksMigration,
  // 23: notes searched by their words cut as rows' are, CJK too (notes-index.ts).
  notesTermsMigration,
];

export const LATEST_VERSION = MIGRATIONS.length;

/** Called once before an existing database (version ≥ 1) is migrated: the backup hook. */
export type BeforeMigrating = (db: DatabaseSync, from: number, to: number) => void;

/** Runs every migration above the database's version, each in its own transaction. */
export function migrate(db: DatabaseSync, target = LATEST_VERSION, beforeMigrating?: BeforeMigrating): void {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (current > 0 && current < target) beforeMigrating?.(db, current, target);
  for (let version = current; version < target; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      MIGRATIONS[version]!(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      // SQLite has already rolled back after some errors (a full disk): a ROLLBACK then would throw
      // "no transaction is active" and hide the error that says what happened.
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}
