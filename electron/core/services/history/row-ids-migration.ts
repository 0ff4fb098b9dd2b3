import type { DatabaseSync } from 'node:sqlite';
import type { EditorBlock, EditorDocument, EditorPatch } from '../../../../shared/contract/transcriptEditor';
import type { Transcript } from '../../../../shared/domain/transcript';
import { originalDocument } from '../transcript-editor/original';
import { applyWithInverse } from '../transcript-editor/patch';
import { type RowCounter, rowCounter } from '../transcript-editor/row-ids';
import { transcriptRowIndex } from './transcript-rows';

/** A block as stored before rows had ids. */
type Unnamed = Omit<EditorBlock, 'id'> & { id?: string };
type Step = { seq: number; forward: EditorPatch; backward: EditorPatch };

/**
 * A patch with ids given to the rows it inserts, applied to `document` (whose rows have ids),
 * and its inverse, which then names rows too. Each inserted row takes the id of the row removed
 * at its place (an edited row stays itself, a split's first half and a merge's row keep the
 * first's id); rows beyond those removed get new ones, as a split's second half does now.
 */
function applyNamed(document: EditorDocument, patch: EditorPatch, rows: RowCounter): { named: EditorPatch; inverse: EditorPatch } {
  const ranges: EditorPatch['ranges'] = [];
  const inverse: EditorPatch['ranges'] = [];
  const speakers = patch.speakers ? document.speakers : null;
  for (const range of patch.ranges) {
    const removed = document.blocks.slice(range.at, range.at + range.remove);
    const named = { ...range, insert: (range.insert as Unnamed[]).map((block, i): EditorBlock => ({ ...block, id: removed[i]?.id ?? rows.give() })) };
    ranges.push(named);
    inverse.unshift(...applyWithInverse(document, { ranges: [named], speakers: null }).ranges);
  }
  if (patch.speakers) document.speakers = patch.speakers;
  return { named: { ranges, speakers: patch.speakers }, inverse: { ranges: inverse, speakers } };
}

/**
 * Ids for an edited transcript stored before rows had them: its document and every undo and redo
 * step, consistently, so undo and redo bring back rows under the ids they had. The oldest state
 * undo reaches (the service's original when no step was dropped) is found by undoing every step;
 * its rows that read as original rows take the original's ids (1…N, what an unedited transcript's
 * rows are called), others new ones above those; then every step is replayed from there, each row
 * taking its id from the row it replaces, so an edited row keeps the original's id as it would have.
 */
export function nameStoredRows(original: EditorDocument, current: { blocks: Unnamed[]; speakers: EditorDocument['speakers'] }, steps: Step[], position: number) {
  const rows = rowCounter(original.blocks.length + 1);
  const bySeq = new Map(steps.map((step) => [step.seq, step]));
  let oldest = position + 1;
  const first = structuredClone(current) as EditorDocument;
  for (; oldest > 1 && bySeq.has(oldest - 1); oldest--) applyWithInverse(first, bySeq.get(oldest - 1)!.backward);
  const key = (block: Unnamed) => JSON.stringify([block.speaker, block.words, block.times]);
  const originals = new Map<string, string[]>();
  for (const block of original.blocks) originals.set(key(block), [...(originals.get(key(block)) ?? []), block.id]);
  first.blocks = first.blocks.map((block) => ({ ...block, id: originals.get(key(block))?.shift() ?? rows.give() }));
  const named = new Map<number, { forward: EditorPatch; backward: EditorPatch }>();
  let document = structuredClone(first);
  for (let seq = oldest; bySeq.has(seq); seq++) {
    // The undo half is made again as the inverse of the redo half, so both name the same rows.
    const { named: forward, inverse: backward } = applyNamed(first, bySeq.get(seq)!.forward, rows);
    named.set(seq, { forward, backward });
    if (seq === position) document = structuredClone(first);
  }
  return { document, steps: named, nextRow: rows.next };
}

/**
 * Migration 13: every transcript's rows get ids, once, and the per-row index is filled. An
 * unedited transcript's rows are its original document's (ids 1…N, given again the same way
 * whenever it is opened); an edited one's stored document and steps are named by
 * `nameStoredRows` and keep those ids from then on (`transcript_edits.next_row` counts on).
 */
export function migrateRowIds(db: DatabaseSync) {
  const index = transcriptRowIndex(db);
  const updateEdit = db.prepare('UPDATE transcript_edits SET document = ?, next_row = ? WHERE transcript_id = ?');
  const updateStep = db.prepare('UPDATE transcript_edit_steps SET forward = ?, backward = ? WHERE transcript_id = ? AND seq = ?');
  const selectSteps = db.prepare('SELECT seq, forward, backward FROM transcript_edit_steps WHERE transcript_id = ? ORDER BY seq');
  const transcripts = db.prepare('SELECT t.id, t.transcript, e.document, e.position FROM transcripts t LEFT JOIN transcript_edits e ON e.transcript_id = t.id');
  for (const row of transcripts.iterate()) {
    const id = row.id as string;
    const original = originalDocument(JSON.parse(row.transcript as string) as Transcript);
    if (row.document === null) {
      index.sync(id, original);
      continue;
    }
    const steps = (selectSteps.all(id) as Array<{ seq: number; forward: string; backward: string }>).map((step) => ({
      seq: step.seq,
      forward: JSON.parse(step.forward) as EditorPatch,
      backward: JSON.parse(step.backward) as EditorPatch,
    }));
    const named = nameStoredRows(original, JSON.parse(row.document as string), steps, row.position as number);
    updateEdit.run(JSON.stringify(named.document), named.nextRow, id);
    for (const [seq, step] of named.steps) updateStep.run(JSON.stringify(step.forward), JSON.stringify(step.backward), id, seq);
    index.sync(id, named.document);
  }
}
