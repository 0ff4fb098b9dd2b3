import type { DatabaseSync } from 'node:sqlite';
import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import type { Transcript } from '../../../../shared/domain/transcript';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { collapseSpace, separator } from '../subtitles';
import { statementCache } from '../storage/sqlite-transaction';
import { originalDocument } from '../transcript-editor/original';

/**
 * SQLite's unicode61 tokenizer splits at spaces and punctuation only, so a line of Chinese or
 * Japanese would be one token and no word in it could be found. ICU's word breaks (Intl.Segmenter,
 * dictionary-based for CJK and Thai) cut it into words here, and the index holds those words
 * separated by spaces: a two-character word such as 预算 is found, which FTS5's trigram
 * tokenizer cannot do (it needs three), and the index stays a third of a trigram index's size
 * (docs/architecture/transcript-rows.md has the measurements).
 */
const wordBreaks = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The words of `text` as the row index holds them: word-like segments, one space apart. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const part of wordBreaks.segment(text)) if (part.isWordLike) terms.push(part.segment);
  return terms;
}

/** A row as the index keeps it: its place, times, speaker's name and text as the page shows it. */
interface IndexedRow {
  ord: number;
  start_ms: number | null;
  end_ms: number | null;
  speaker: string | null;
  text: string;
}

/** A row's text as read: words joined as the page joins them (no space between CJK words). */
const rowText = (words: readonly string[]) => collapseSpace(words.reduce((joined, word) => (joined ? joined + separator(joined, word) + word : word), ''));

/** A row the index found: which transcript, which row, and what it says. */
export interface RowHit {
  transcriptId: string;
  rowId: string;
  speaker: string | null;
  startMs: number | null;
  text: string;
}

/**
 * The per-row index of every transcript as it now reads (migration 13): one row of
 * `transcript_rows` per document row, kept by its id, with a full-text index over its words and
 * its speaker's name. What later features retrieve and cite rows through.
 */
export function transcriptRowIndex(db: DatabaseSync) {
  const sql = statementCache(db);

  /**
   * Brings a transcript's indexed rows in line with its document: only rows whose place, times,
   * speaker or text changed are written (an edit touches one row; the full-text index is
   * rewritten only for changed words), rows gone are removed. Run in the caller's transaction.
   */
  function sync(transcriptId: string, document: EditorDocument) {
    const stored = new Map<string, IndexedRow>();
    for (const row of sql('SELECT row_id, ord, start_ms, end_ms, speaker, text FROM transcript_rows WHERE transcript_id = ?').iterate(transcriptId)) {
      stored.set(row.row_id as string, row as unknown as IndexedRow);
    }
    const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
    const speakers = effectiveSpeakers(document.blocks);
    const upsert = sql(
      `INSERT INTO transcript_rows (transcript_id, row_id, ord, start_ms, end_ms, speaker, text, speaker_terms, text_terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(transcript_id, row_id) DO UPDATE SET ord = excluded.ord, start_ms = excluded.start_ms, end_ms = excluded.end_ms,
         speaker = excluded.speaker, text = excluded.text, speaker_terms = excluded.speaker_terms, text_terms = excluded.text_terms`,
    );
    document.blocks.forEach((block, ord) => {
      const speaker = speakers[ord] ? (names.get(speakers[ord]!) ?? null) : null;
      const text = rowText(block.words);
      const startMs = block.times?.[0] ?? null;
      const endMs = block.times?.at(-1) ?? null;
      const before = stored.get(block.id);
      stored.delete(block.id);
      if (before && before.ord === ord && before.start_ms === startMs && before.end_ms === endMs && before.speaker === speaker && before.text === text) return;
      upsert.run(transcriptId, block.id, ord, startMs, endMs, speaker, text, indexTerms(speaker ?? '').join(' '), indexTerms(text).join(' '));
    });
    const remove = sql('DELETE FROM transcript_rows WHERE transcript_id = ? AND row_id = ?');
    for (const rowId of stored.keys()) remove.run(transcriptId, rowId);
  }

  return {
    sync,
    /**
     * Rows matching every word of `input` (the last as a prefix) in their text or their speaker's
     * name, best match first. The input is cut into words as the rows were, so a CJK word
     * typed alone finds the row it stands in.
     */
    search(input: string, limit: number): RowHit[] {
      const terms = indexTerms(input);
      if (!terms.length) return [];
      const query = terms.map((term, i) => `"${term.replaceAll('"', '""')}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
      return sql(
        `SELECT r.transcript_id AS transcriptId, r.row_id AS rowId, r.speaker, r.start_ms AS startMs, r.text
           FROM transcript_rows_fts JOIN transcript_rows r ON r.rowid = transcript_rows_fts.rowid
          WHERE transcript_rows_fts MATCH ? ORDER BY rank LIMIT ?`,
      ).all(query, limit) as unknown as RowHit[];
    },
    /** A transcript's rows as indexed, in order. */
    rowsOf(transcriptId: string): Array<{ rowId: string; speaker: string | null; startMs: number | null; endMs: number | null; text: string }> {
      return sql(
        'SELECT row_id AS rowId, speaker, start_ms AS startMs, end_ms AS endMs, text FROM transcript_rows WHERE transcript_id = ? ORDER BY ord',
      ).all(transcriptId) as never;
    },
  };
}

export type TranscriptRowIndex = ReturnType<typeof transcriptRowIndex>;

/**
 * Every transcript's rows indexed again from what it now reads (its edited document, or the
 * original's rows): after a salvage, whose copied index may have lost rows the documents kept.
 * Rows of transcripts that are gone go too. Run in the caller's transaction.
 */
export function indexAllRows(db: DatabaseSync) {
  const index = transcriptRowIndex(db);
  db.exec('DELETE FROM transcript_rows WHERE transcript_id NOT IN (SELECT id FROM transcripts)');
  for (const row of db.prepare('SELECT t.id, t.transcript, e.document FROM transcripts t LEFT JOIN transcript_edits e ON e.transcript_id = t.id').iterate()) {
    const document = row.document === null ? originalDocument(JSON.parse(row.transcript as string) as Transcript) : (JSON.parse(row.document as string) as EditorDocument);
    index.sync(row.id as string, document);
  }
}
