import type { EditIntent, EditorDocument, EditorPatch, EditRefusal } from '../../../../shared/contract/transcriptEditor';
import { blockText, rowAfter } from '../../../../shared/domain/transcript-edits';
import { normalText } from '../../../../shared/domain/words';
import { Problem } from '../../../../shared/domain/problem';

/** How many recent changes a document keeps to merge an edit made on an older version. */
const KEPT = 500;

/** A document's recent changes: `patches[i]` turned version `first + i` into the next. */
export interface History {
  first: number;
  patches: EditorPatch[];
}

export const historyAt = (version: number): History => ({ first: version, patches: [] });

export function remember(history: History, patch: EditorPatch) {
  history.patches.push(patch);
  if (history.patches.length > KEPT) {
    history.patches.shift();
    history.first += 1;
  }
}

/** Where row `row` of version `base` is now, and whether a change since touched it. */
function follow(history: History, base: number, row: number): { now: number | null; changed: boolean } {
  let now: number | null = row;
  let changed = false;
  for (const patch of history.patches.slice(base - history.first)) {
    if (now === null) break;
    const after = rowAfter(patch, now);
    now = after.row;
    changed ||= after.touched;
  }
  return { now, changed };
}

/** How many rows the document had at version `base` (the current count when that is no longer kept). */
function rowsAt(history: History, base: number, rows: number): number {
  if (base < history.first) return rows;
  let count = rows;
  for (const patch of history.patches.slice(base - history.first)) for (const range of patch.ranges) count -= range.insert.length - range.remove;
  return count;
}

/**
 * The last row an intent names must exist in the version it was made on (or now): refused
 * before anything is built for its rows, so a page cannot make main count out a range of
 * billions of rows.
 */
function checkRows(history: History, current: number, base: number, intent: EditIntent, rows: number) {
  if (!('block' in intent)) return;
  const last = intent.type === 'merge' ? intent.block + 1 : intent.type === 'speaker' ? Math.max(intent.to ?? intent.block, intent.block) : intent.block;
  const had = base >= history.first && base <= current ? Math.max(rows, rowsAt(history, base, rows)) : rows;
  // Named: the first row it names that is not there.
  if (last >= had) throw new Problem('editor.no_row', { row: Math.max(intent.block, had) + 1, rows });
}

/** The rows an intent changes, as it names them. */
function rowsOf(intent: EditIntent): number[] {
  switch (intent.type) {
    case 'merge':
      return [intent.block, intent.block + 1];
    case 'speaker':
      return Array.from({ length: (intent.to ?? intent.block) - intent.block + 1 }, (_, i) => intent.block + i);
    case 'text':
    case 'split':
    case 'nudge':
    case 'setTime':
      return [intent.block];
    default:
      // Speaker names and Replace all act on the document as it is now, not on a row.
      return [];
  }
}

/**
 * An intent made on version `base`, for the document at `current`: the same intent with its
 * row as it is now when no change since touched that row (changes to other rows merge), or
 * the refusal that keeps what the user typed. `count`: the document's rows now.
 */
export function rebase(history: History, current: number, base: number, intent: EditIntent, count: number): { intent: EditIntent } | { refusal: EditRefusal } {
  checkRows(history, current, base, intent, count);
  const rows = rowsOf(intent);
  if (base === current || !rows.length) return { intent };
  const text = intent.type === 'text' ? intent.text : null;
  const row = rows[0]!;
  if (base > current || base < history.first) return { refusal: { code: 'document_changed', row, now: null, text } };
  const followed = rows.map((each) => follow(history, base, each));
  const first = followed[0]!;
  // A merge's two rows must still be neighbours.
  if (first.now === null || followed.some((each, i) => each.changed || each.now !== first.now! + i)) return { refusal: { code: 'row_changed', row, now: first.now, text } };
  const moved = { ...intent, block: first.now } as EditIntent;
  if (moved.type === 'speaker' && moved.to !== undefined) moved.to = first.now + rows.length - 1;
  return { intent: moved };
}

/**
 * Typing (`intent`, `rebased` onto its row as it is now) refused when that row no longer reads
 * as the text it was typed over (`was`): another window wrote it first. The version alone
 * cannot tell: a page can have counted the other window's change before its textarea showed
 * it, while its typist was still typing over the words before.
 */
export function typedOverOther(document: EditorDocument, intent: EditIntent, rebased: EditIntent): EditRefusal | null {
  if (intent.type !== 'text' || rebased.type !== 'text' || intent.was === undefined) return null;
  const block = document.blocks[rebased.block];
  if (!block || blockText(block) === normalText(intent.was)) return null;
  return { code: 'row_changed', row: intent.block, now: rebased.block, text: intent.text };
}
