import type { DatabaseSync } from 'node:sqlite';
import type { TranscriptRecord, TranscriptSummary } from '../../../../shared/contract/transcription';
import { inTransaction, statementCache } from '../storage/sqlite-transaction';
import type { DeletionRecord } from './deletions';
import { previews } from './current-text';
import { transcriptRowIndex } from './transcript-rows';
import { originalDocument } from '../transcript-editor/original';
import { Problem } from '../../../../shared/domain/problem';

interface TranscriptRow {
  id: string;
  file_name: string;
  created_at: number;
  request: string;
  transcript: string;
  audio_path: string | null;
}

/** Transcripts in the history database, beside conversations (migration 5). */
export function transcriptTable(db: DatabaseSync, deletions: DeletionRecord) {
  const sql = statementCache(db);
  const rows = transcriptRowIndex(db);
  const row = (id: string) => {
    const found = sql('SELECT * FROM transcripts WHERE id = ?').get(id) as TranscriptRow | undefined;
    if (!found) throw new Problem('transcript.gone');
    return found;
  };
  return {
    /** A new transcript, its rows indexed as they first read (the editor's original document, ids 1…N). */
    put(record: TranscriptRecord, audioPath: string | null) {
      inTransaction(db, () => {
        sql(
          'INSERT INTO transcripts (id, file_name, created_at, request, transcript, text, audio_path) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(record.id, record.fileName, record.createdAt, JSON.stringify(record.request), JSON.stringify(record.transcript), record.transcript.text, audioPath);
        rows.sync(record.id, originalDocument(record.transcript));
      });
    },
    /** The per-row index of every transcript (transcript-rows.ts). */
    rows,
    get(id: string): TranscriptRecord {
      const found = row(id);
      return {
        id: found.id,
        fileName: found.file_name,
        createdAt: found.created_at,
        request: JSON.parse(found.request),
        transcript: JSON.parse(found.transcript),
      };
    },
    audioPath: (id: string) => row(id).audio_path,
    exists: (id: string) => sql('SELECT 1 FROM transcripts WHERE id = ?').get(id) !== undefined,
    /** Newest first, each previewed as it now reads (its edits and speakers), not as the service wrote it. */
    list(): TranscriptSummary[] {
      const rows = sql(
        `SELECT id, file_name, created_at, json_extract(transcript, '$.duration') AS duration, ask_excluded
           FROM transcripts ORDER BY created_at DESC, rowid DESC`,
      ).all() as unknown as { id: string; file_name: string; created_at: number; duration: number | null; ask_excluded: number }[];
      const preview = previews(db);
      return rows.map((r) => ({ id: r.id, fileName: r.file_name, createdAt: r.created_at, duration: r.duration, preview: preview(r.id), askExcluded: r.ask_excluded === 1 }));
    },
    /** Keeps a transcript out of Ask across meetings, or lets it back in (migration 15). */
    setAskExcluded(id: string, excluded: boolean) {
      if (sql('UPDATE transcripts SET ask_excluded = ? WHERE id = ?').run(excluded ? 1 : 0, id).changes === 0) throw new Problem('transcript.gone');
    },
    /** Returns the audio file's path so the caller can remove it too. Remembered as deleted (deletions.ts). */
    remove(id: string): string | null {
      const path = row(id).audio_path;
      inTransaction(db, () => {
        sql('DELETE FROM transcripts WHERE id = ?').run(id);
        rows.purge();
        deletions.remember('transcript', id);
      });
      return path;
    },
  };
}
