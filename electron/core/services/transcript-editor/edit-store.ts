import type { DatabaseSync } from 'node:sqlite';
import type { EditorDocument, EditorPatch } from '../../../../shared/contract/transcriptEditor';
import { searchableText } from '../../../../shared/domain/transcript-edits';
import { inTransaction, statementCache } from '../storage/sqlite-transaction';
import { type IndexedRows, transcriptRowIndex } from '../history/transcript-rows';

/** Undo keeps this many steps per transcript; older ones are dropped as new ones come. */
export const UNDO_LIMIT = 500;

export interface StoredStep {
  forward: EditorPatch;
  backward: EditorPatch;
}

export interface EditRow {
  document: EditorDocument;
  /** How many steps are applied: undo takes back step `position`, redo applies `position + 1`. */
  position: number;
  /** The highest step stored (steps above `position` are redo). */
  top: number;
  /** Counts every change (edits, undo, redo), never down: what an edit says it was made on. */
  version: number;
  /** The counter of row ids given (row-ids.ts); like the version, never down, so no id is given twice. */
  nextRow: number;
}

/** Where a document stands when stored: its step, version and row counter. */
export interface Standing {
  position: number;
  version: number;
  nextRow: number;
}

/**
 * The edited documents beside their transcripts (migration 7): the whole current document
 * per transcript, and each step's patch and inverse. The service's original result stays
 * untouched in `transcripts`, so Revert to original is always possible.
 */
export function editTable(db: DatabaseSync) {
  const transaction = <T>(work: () => T): T => inTransaction(db, work);
  const sql = statementCache(db);
  const rows = transcriptRowIndex(db);
  const selectRow = sql('SELECT document, position, version, next_row AS nextRow, (SELECT COALESCE(MAX(seq), 0) FROM transcript_edit_steps WHERE transcript_id = ?1) AS top FROM transcript_edits WHERE transcript_id = ?1');
  const upsert = sql(
    `INSERT INTO transcript_edits (transcript_id, document, speakers, position, updated_at, text, version, next_row) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(transcript_id) DO UPDATE SET document = excluded.document, speakers = excluded.speakers, position = excluded.position,
       updated_at = excluded.updated_at, text = excluded.text, version = excluded.version, next_row = excluded.next_row`,
  );
  const step = sql('SELECT forward, backward FROM transcript_edit_steps WHERE transcript_id = ? AND seq = ?');

  /**
   * The document and its rows' index, in one transaction: the index never reads otherwise than
   * the document. `indexed`: what the index held after the last write; answers what it holds now.
   */
  function save(id: string, document: EditorDocument, { position, version, nextRow }: Standing, indexed: IndexedRows): IndexedRows {
    return transaction(() => {
      upsert.run(id, JSON.stringify(document), JSON.stringify(document.speakers.map((speaker) => speaker.name)), position, Date.now(), searchableText(document), version, nextRow);
      return rows.sync(id, document, indexed);
    });
  }

  /**
   * Changes the disk refused, written at once: `steps` by their position (each replaces the
   * stored steps from its own up, as `record` does), then the document as they left it.
   */
  function catchUp(id: string, steps: ReadonlyMap<number, StoredStep>, document: EditorDocument, standing: Standing, indexed: IndexedRows): IndexedRows {
    return transaction(() => {
      const seqs = [...steps.keys()];
      if (seqs.length) {
        sql('DELETE FROM transcript_edit_steps WHERE transcript_id = ? AND seq >= ?').run(id, Math.min(...seqs));
        for (const [seq, { forward, backward }] of steps) {
          sql('INSERT INTO transcript_edit_steps (transcript_id, seq, forward, backward) VALUES (?, ?, ?, ?)').run(id, seq, JSON.stringify(forward), JSON.stringify(backward));
        }
        sql('DELETE FROM transcript_edit_steps WHERE transcript_id = ? AND seq <= ?').run(id, Math.max(...seqs) - UNDO_LIMIT);
      }
      return save(id, document, standing, indexed);
    });
  }

  return {
    get(id: string): EditRow | null {
      const row = selectRow.get(id) as { document: string; position: number; top: number; version: number; nextRow: number } | undefined;
      return row ? { document: JSON.parse(row.document), position: row.position, top: row.top, version: row.version, nextRow: row.nextRow } : null;
    },
    exists: (id: string) => sql('SELECT 1 FROM transcript_edits WHERE transcript_id = ?').get(id) !== undefined,
    step(id: string, seq: number): StoredStep {
      const row = step.get(id, seq) as { forward: string; backward: string };
      return { forward: JSON.parse(row.forward), backward: JSON.parse(row.backward) };
    },
    /** A new step: redo steps above it are dropped, and the oldest beyond the undo limit. */
    record(id: string, document: EditorDocument, standing: Standing, indexed: IndexedRows, forward: EditorPatch, backward: EditorPatch) {
      return catchUp(id, new Map([[standing.position, { forward, backward }]]), document, standing, indexed);
    },
    catchUp,
    /** Undo or redo: the document, the new position and version, one transaction. */
    move: (id: string, document: EditorDocument, standing: Standing, indexed: IndexedRows) => save(id, document, standing, indexed),
    /** What the index holds of a document as stored (it is written with it). */
    held: (document: EditorDocument) => rows.held(document),
    /** Whether a transcript's original has been kept with undo further back (undo limit). */
    oldest(id: string): number {
      const row = sql('SELECT MIN(seq) AS oldest FROM transcript_edit_steps WHERE transcript_id = ?').get(id) as { oldest: number | null };
      return row.oldest ?? 1;
    },
    /** Speaker names of every transcript, most recently edited first. */
    speakerNames(): string[] {
      const rows = sql(`SELECT speakers FROM transcript_edits WHERE speakers != '[]' ORDER BY updated_at DESC`).all() as { speakers: string }[];
      return [...new Set(rows.flatMap((row) => JSON.parse(row.speakers) as string[]))];
    },
  };
}

export type EditTable = ReturnType<typeof editTable>;
