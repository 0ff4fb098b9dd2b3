import type { DatabaseSync } from 'node:sqlite';
import type { GlossaryEntry } from '../../../../shared/contract/translation';
import { inTransaction, statementCache } from '../storage/sqlite-transaction';

/** Migration 18: a translation per (transcript, language), its rows keyed by the original row's id. */
export const translationsMigration = (db: DatabaseSync) =>
  db.exec(`
    CREATE TABLE translations (
      transcript_id TEXT NOT NULL REFERENCES transcripts(id) ON DELETE CASCADE,
      language TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      glossary TEXT NOT NULL,
      synopsis TEXT,
      job_id TEXT,
      PRIMARY KEY (transcript_id, language)
    );
    CREATE TABLE translation_rows (
      transcript_id TEXT NOT NULL,
      language TEXT NOT NULL,
      row_id TEXT NOT NULL,
      text TEXT NOT NULL,
      status TEXT NOT NULL,
      edited INTEGER NOT NULL,
      source TEXT NOT NULL,
      PRIMARY KEY (transcript_id, language, row_id),
      FOREIGN KEY (transcript_id, language) REFERENCES translations(transcript_id, language) ON DELETE CASCADE
    ) WITHOUT ROWID;
  `);

/**
 * A row as kept: `translated` or `untranslated` when it was made, and `source`, the original
 * text it was made from. Stale and pending are not kept: they are read against the rows as they
 * now stand (translation-view.ts), so an edit of the original needs no write here.
 */
export interface StoredTranslatedRow {
  rowId: string;
  text: string;
  status: 'translated' | 'untranslated';
  edited: boolean;
  source: string;
}

export interface StoredTranslation {
  transcriptId: string;
  language: string;
  createdAt: number;
  glossary: GlossaryEntry[];
  synopsis: string | null;
  jobId: string | null;
  rows: Map<string, StoredTranslatedRow>;
}

type Head = Omit<StoredTranslation, 'rows'>;

/** Translations in the history (migration 18). */
export function translationsTable(db: DatabaseSync) {
  const sql = statementCache(db);
  const head = (row: Record<string, unknown>): Head => ({
    transcriptId: row.transcript_id as string,
    language: row.language as string,
    createdAt: row.created_at as number,
    glossary: JSON.parse(row.glossary as string) as GlossaryEntry[],
    synopsis: row.synopsis as string | null,
    jobId: row.job_id as string | null,
  });
  return {
    list: (transcriptId: string): Head[] => sql('SELECT * FROM translations WHERE transcript_id = ? ORDER BY created_at, language').all(transcriptId).map(head),
    /** The translation without its rows (a batch's names, terms and synopsis): no read of every row per batch. */
    head(transcriptId: string, language: string): Head | null {
      const found = sql('SELECT * FROM translations WHERE transcript_id = ? AND language = ?').get(transcriptId, language);
      return found ? head(found) : null;
    },
    get(transcriptId: string, language: string): StoredTranslation | null {
      const found = sql('SELECT * FROM translations WHERE transcript_id = ? AND language = ?').get(transcriptId, language);
      if (!found) return null;
      const rows = new Map<string, StoredTranslatedRow>();
      for (const row of sql('SELECT row_id, text, status, edited, source FROM translation_rows WHERE transcript_id = ? AND language = ?').iterate(transcriptId, language)) {
        rows.set(row.row_id as string, { rowId: row.row_id as string, text: row.text as string, status: row.status as StoredTranslatedRow['status'], edited: row.edited === 1, source: row.source as string });
      }
      return { ...head(found), rows };
    },
    /** Makes the translation when there is none; its names, terms and synopsis stay when there is. */
    ensure(transcriptId: string, language: string, createdAt: number) {
      sql(`INSERT INTO translations (transcript_id, language, created_at, glossary) VALUES (?, ?, ?, '[]') ON CONFLICT DO NOTHING`).run(transcriptId, language, createdAt);
    },
    setGlossary: (transcriptId: string, language: string, glossary: GlossaryEntry[]) =>
      sql('UPDATE translations SET glossary = ? WHERE transcript_id = ? AND language = ?').run(JSON.stringify(glossary), transcriptId, language),
    setSynopsis: (transcriptId: string, language: string, synopsis: string) =>
      sql('UPDATE translations SET synopsis = ? WHERE transcript_id = ? AND language = ?').run(synopsis, transcriptId, language),
    setJob: (transcriptId: string, language: string, jobId: string | null) =>
      sql('UPDATE translations SET job_id = ? WHERE transcript_id = ? AND language = ?').run(jobId, transcriptId, language),
    /**
     * Writes rows; a translation removed meanwhile (its job's part ending late) takes none. A
     * model's rows never replace the user's wording (only `overEdited`, the user's edit, does)
     * while it was made from the same original: once the original reads otherwise the wording is
     * stale, is sent again, and its new translation replaces it (no longer edited).
     */
    putRows(transcriptId: string, language: string, rows: readonly StoredTranslatedRow[], options: { overEdited?: boolean } = {}) {
      if (!sql('SELECT 1 FROM translations WHERE transcript_id = ? AND language = ?').get(transcriptId, language)) return;
      const put = sql(
        `INSERT INTO translation_rows (transcript_id, language, row_id, text, status, edited, source) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET text = excluded.text, status = excluded.status, edited = excluded.edited, source = excluded.source
         ${options.overEdited ? '' : 'WHERE translation_rows.edited = 0 OR translation_rows.source <> excluded.source'}`,
      );
      inTransaction(db, () => {
        for (const row of rows) put.run(transcriptId, language, row.rowId, row.text, row.status, row.edited ? 1 : 0, row.source);
      });
    },
    /** Which of these rows are kept translated from the text they now have: a part run again after a 429 skips them. */
    translatedFrom(transcriptId: string, language: string, rows: ReadonlyArray<{ rowId: string; text: string }>): Set<string> {
      const kept = sql(`SELECT 1 FROM translation_rows WHERE transcript_id = ? AND language = ? AND row_id = ? AND source = ? AND status = 'translated'`);
      return new Set(rows.filter((row) => kept.get(transcriptId, language, row.rowId, row.text)).map((row) => row.rowId));
    },
    /**
     * The `count` translated rows just before `rowId` in the transcript's order, oldest first: a
     * batch's read-only context. A stale row (its original edited since) is not: its old wording
     * would steer the model toward what the row no longer says.
     */
    previous(transcriptId: string, language: string, rowId: string, count: number): Array<{ rowId: string; text: string }> {
      const rows = sql(
        `SELECT t.row_id AS rowId, t.text FROM transcript_rows r JOIN translation_rows t ON t.transcript_id = r.transcript_id AND t.row_id = r.row_id
          WHERE r.transcript_id = ?1 AND t.language = ?2 AND t.status = 'translated' AND t.source = r.text
            AND r.ord < (SELECT ord FROM transcript_rows WHERE transcript_id = ?1 AND row_id = ?3)
          ORDER BY r.ord DESC LIMIT ?4`,
      ).all(transcriptId, language, rowId, count) as Array<{ rowId: string; text: string }>;
      return rows.reverse();
    },
    remove: (transcriptId: string, language: string) => sql('DELETE FROM translations WHERE transcript_id = ? AND language = ?').run(transcriptId, language),
  };
}

export type TranslationsTable = ReturnType<typeof translationsTable>;
