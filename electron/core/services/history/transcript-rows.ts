import type { DatabaseSync } from 'node:sqlite';
import type { EditorBlock, EditorDocument } from '../../../../shared/contract/transcriptEditor';
import type { Transcript } from '../../../../shared/domain/transcript';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { joinWords } from '../../../../shared/domain/words';
import { collapseSpace } from '../subtitles';
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
export const wordBreaks = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * The row index runs without FTS5's secure-delete, unlike the history's other indexes: it takes
 * seconds to delete a long transcript's rows (5 s for 1,929 rows) and makes Replace all over 600
 * rows take seconds instead of a tenth. A deleted transcript's words leave it all the same: its
 * removal rewrites the index (`purge`, FTS5's optimize: 0.3 s for 20 three-hour transcripts), and
 * pages that frees are zeroed (`secure_delete`). Words an edit replaced stay in its segments until
 * FTS5 merges them, as they stay in the transcript's original and its undo steps.
 */
export const PURGED_BY_OPTIMIZE = 'transcript_rows_fts';

/** An FTS5 query over the row index: every one of `terms` (cut by `indexTerms`), the last as a prefix, each quoted so no input reads as query syntax. */
export const rowQuery = (terms: readonly string[]): string | null =>
  terms.length ? terms.map((term, i) => `"${term.replaceAll('"', '""')}"${i === terms.length - 1 ? '*' : ''}`).join(' ') : null;

/** The words of `text` as the row index holds them: word-like segments, one space apart. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const part of wordBreaks.segment(text)) if (part.isWordLike) terms.push(part.segment);
  return terms;
}

/**
 * What the index holds of a row, to tell whether a document's row changed since: from the table
 * (its text and times), or, kept by the editor from its last write, the row itself (rows are
 * never changed in place, only replaced, so the same object is the same row: no read, no compare).
 */
type Indexed = { ord: number; speaker: string | null } & ({ block: EditorBlock } | { text: string; startMs: number | null; endMs: number | null });

/** A document's rows as its index now holds them, after `sync` wrote them. */
export type IndexedRows = ReadonlyMap<string, Indexed>;

/** A row's text as read: words joined as the page joins them (no space between CJK words). */
const rowText = (words: readonly string[]) => collapseSpace(joinWords(words));

/** Each row's speaker's name: a row without a mark continues the speaker before it. */
function speakerNames(document: EditorDocument): Array<string | null> {
  const names = new Map(document.speakers.map((speaker) => [speaker.id, speaker.name]));
  return effectiveSpeakers(document.blocks).map((id) => (id ? (names.get(id) ?? null) : null));
}

const sameRow = (before: Indexed, block: EditorBlock, speaker: string | null) =>
  before.speaker === speaker &&
  ('block' in before ? before.block === block : before.startMs === (block.times?.[0] ?? null) && before.endMs === (block.times?.at(-1) ?? null) && before.text === rowText(block.words));

/** A row the index found: which transcript, which row, and what it says. */
export interface RowHit {
  transcriptId: string;
  rowId: string;
  speaker: string | null;
  startMs: number | null;
  text: string;
}

/** A row retrieved for a question: a hit or a hit's neighbour, with its place in its transcript. */
export interface RetrievedRow extends RowHit {
  ord: number;
}

/** Scripts written without spaces, whose words are short: a one- or two-character word there carries meaning. */
const SHORT_WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Below this many rows a word is never too common to look for: a small history has few rows to judge by. */
const COMMON_FLOOR = 8;

/**
 * The words of a question worth looking for, cut as the index cuts rows: those of three
 * characters or more (a two-letter word in a spaced script, "we", "in", is noise that would
 * match every row), any word of a CJK or Thai script, each once. No stop list, which would be
 * one per language: `retrieve` leaves out words found in many rows, and bm25 weighs the rest.
 */
export function questionTerms(question: string): string[] {
  return [...new Set(indexTerms(question.toLocaleLowerCase()).filter((term) => term.length >= 3 || SHORT_WORDS.test(term)))];
}

/**
 * The per-row index of every transcript as it now reads (migration 13): one row of
 * `transcript_rows` per document row, kept by its id, with a full-text index over its words and
 * its speaker's name. What later features retrieve and cite rows through.
 */
export function transcriptRowIndex(db: DatabaseSync) {
  const sql = statementCache(db);

  const stored = (transcriptId: string): IndexedRows => {
    const rows = new Map<string, Indexed>();
    for (const row of sql('SELECT row_id, ord, start_ms, end_ms, speaker, text FROM transcript_rows WHERE transcript_id = ?').iterate(transcriptId)) {
      rows.set(row.row_id as string, { ord: row.ord as number, speaker: row.speaker as string | null, text: row.text as string, startMs: row.start_ms as number | null, endMs: row.end_ms as number | null });
    }
    return rows;
  };

  /**
   * Moves unchanged rows to their new places: one statement per run of rows moved alike (a split
   * moves every row after it by one). Each run goes first to negative places, so a later run's
   * old places never meet a row moved already, then all are turned back.
   */
  function move(transcriptId: string, moves: Array<{ from: number; by: number }>) {
    if (!moves.length) return;
    moves.sort((a, b) => a.from - b.from);
    let run = moves[0]!;
    let to = run.from;
    const shift = sql('UPDATE transcript_rows SET ord = -1 - (ord + ?) WHERE transcript_id = ? AND ord BETWEEN ? AND ?');
    for (const each of [...moves.slice(1), null]) {
      if (each && each.by === run.by && each.from === to + 1) {
        to = each.from;
        continue;
      }
      shift.run(run.by, transcriptId, run.from, to);
      if (each) [run, to] = [each, each.from];
    }
    sql('UPDATE transcript_rows SET ord = -1 - ord WHERE transcript_id = ? AND ord < 0').run(transcriptId);
  }

  /**
   * Brings a transcript's indexed rows in line with its document and answers what they now hold:
   * only rows whose text, times or speaker changed are written (the full-text index only for
   * those), rows that only moved are moved, rows gone are removed. `since`: what the last sync
   * answered, so the editor's saves read nothing back; without it the table is read. Run in the
   * caller's transaction.
   */
  function sync(transcriptId: string, document: EditorDocument, since: IndexedRows = stored(transcriptId)): IndexedRows {
    const speakers = speakerNames(document);
    const gone = new Set(since.keys());
    const now = new Map<string, Indexed>();
    const moves: Array<{ from: number; by: number }> = [];
    const changed: Array<{ block: EditorBlock; ord: number; speaker: string | null }> = [];
    document.blocks.forEach((block, ord) => {
      const speaker = speakers[ord]!;
      const before = since.get(block.id);
      gone.delete(block.id);
      now.set(block.id, { block, ord, speaker });
      if (before && sameRow(before, block, speaker)) {
        if (before.ord !== ord) moves.push({ from: before.ord, by: ord - before.ord });
      } else changed.push({ block, ord, speaker });
    });
    const remove = sql('DELETE FROM transcript_rows WHERE transcript_id = ? AND row_id = ?');
    for (const rowId of gone) remove.run(transcriptId, rowId);
    move(transcriptId, moves);
    const upsert = sql(
      `INSERT INTO transcript_rows (transcript_id, row_id, ord, start_ms, end_ms, speaker, text, speaker_terms, text_terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(transcript_id, row_id) DO UPDATE SET ord = excluded.ord, start_ms = excluded.start_ms, end_ms = excluded.end_ms,
         speaker = excluded.speaker, text = excluded.text, speaker_terms = excluded.speaker_terms, text_terms = excluded.text_terms`,
    );
    for (const { block, ord, speaker } of changed) {
      const text = rowText(block.words);
      upsert.run(transcriptId, block.id, ord, block.times?.[0] ?? null, block.times?.at(-1) ?? null, speaker, text, indexTerms(speaker ?? '').join(' '), indexTerms(text).join(' '));
    }
    return now;
  }

  return {
    sync,
    /** Takes deleted rows' words out of the index (see PURGED_BY_OPTIMIZE): after a transcript is removed. */
    purge: () => sql(`INSERT INTO transcript_rows_fts(transcript_rows_fts) VALUES ('optimize')`).run(),
    /** What the index holds of a document just written or read whole with it (the editor's starting point). */
    held(document: EditorDocument): IndexedRows {
      const speakers = speakerNames(document);
      return new Map(document.blocks.map((block, ord) => [block.id, { block, ord, speaker: speakers[ord]! }]));
    },
    /**
     * Rows matching every word of `input` (the last as a prefix) in their text or their speaker's
     * name, best match first. The input is cut into words as the rows were, so a CJK word
     * typed alone finds the row it stands in.
     */
    search(input: string, limit: number): RowHit[] {
      const query = rowQuery(indexTerms(input));
      if (!query) return [];
      return sql(
        `SELECT r.transcript_id AS transcriptId, r.row_id AS rowId, r.speaker, r.start_ms AS startMs, r.text
           FROM transcript_rows_fts JOIN transcript_rows r ON r.rowid = transcript_rows_fts.rowid
          WHERE transcript_rows_fts MATCH ? ORDER BY rank LIMIT ?`,
      ).all(query, limit) as unknown as RowHit[];
    },
    /**
     * The rows that best answer a question, for Ask across meetings: rows holding any of its
     * words (see `questionTerms`), best first by bm25, from transcripts not kept out of it
     * (`ask_excluded`): the best hits up to half of `cap`, the row before and after each (a hit
     * is read in its context), then further hits while the cap allows.
     */
    retrieve(question: string, cap: number): RetrievedRow[] {
      const quoted = (term: string) => `"${term.replaceAll('"', '""')}"${term.length > 3 ? '*' : ''}`;
      const terms = questionTerms(question).map(quoted);
      if (!terms.length || cap < 1) return [];
      // A word in more than a quarter of all rows ("what", "the", "我们") finds nothing in
      // particular and would fill the cap with rows it stands in: left out, unless every word is.
      const common = Math.max(COMMON_FLOOR, (sql('SELECT count(*) AS n FROM transcript_rows').get() as { n: number }).n / 4);
      const inRows = sql('SELECT count(*) AS n FROM transcript_rows_fts WHERE transcript_rows_fts MATCH ?');
      const telling = terms.filter((term) => (inRows.get(term) as { n: number }).n <= common);
      const query = (telling.length ? telling : terms).join(' OR ');
      const hits = sql(
        `SELECT r.transcript_id AS transcriptId, r.ord FROM transcript_rows_fts
           JOIN transcript_rows r ON r.rowid = transcript_rows_fts.rowid JOIN transcripts t ON t.id = r.transcript_id
          WHERE transcript_rows_fts MATCH ? AND t.ask_excluded = 0 ORDER BY rank LIMIT ?`,
      ).all(query, cap) as Array<{ transcriptId: string; ord: number }>;
      const read = sql('SELECT row_id AS rowId, ord, speaker, start_ms AS startMs, text FROM transcript_rows WHERE transcript_id = ? AND ord = ?');
      const picked = new Map<string, RetrievedRow>();
      const pick = (transcriptId: string, ord: number) => {
        const key = `${transcriptId}\u0000${ord}`;
        if (picked.size >= cap || picked.has(key)) return;
        const row = read.get(transcriptId, ord) as Omit<RetrievedRow, 'transcriptId'> | undefined;
        if (row) picked.set(key, { transcriptId, ...row });
      };
      const best = hits.slice(0, Math.max(1, Math.floor(cap / 2)));
      for (const hit of best) pick(hit.transcriptId, hit.ord);
      for (const hit of best) [hit.ord - 1, hit.ord + 1].forEach((ord) => pick(hit.transcriptId, ord));
      for (const hit of hits) pick(hit.transcriptId, hit.ord);
      return [...picked.values()];
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
