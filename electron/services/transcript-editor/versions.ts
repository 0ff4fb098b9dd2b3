import type { EditIntent, EditorPatch, EditRefusal } from '../../../shared/contract/transcriptEditor';

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

/**
 * Where row `row` of version `base` is now, and whether a change since touched it. A row
 * replaced one for one (its text, times or speaker changed) keeps its place; one split or
 * merged since has none.
 */
function follow(history: History, base: number, row: number): { now: number | null; changed: boolean } {
  let now: number | null = row;
  let changed = false;
  for (const patch of history.patches.slice(base - history.first)) {
    for (const range of patch.ranges) {
      if (now === null || now < range.at) continue;
      if (now >= range.at + range.remove) now += range.insert.length - range.remove;
      else {
        changed = true;
        if (range.insert.length !== range.remove) now = null;
      }
    }
  }
  return { now, changed };
}

/** The rows an intent changes, as it names them. */
function rowsOf(intent: EditIntent): number[] {
  switch (intent.type) {
    case 'merge':
      return [intent.block, intent.block + 1];
    case 'text':
    case 'split':
    case 'nudge':
    case 'setTime':
    case 'speaker':
      return [intent.block];
    default:
      // Speaker names and Replace all act on the document as it is now, not on a row.
      return [];
  }
}

/**
 * An intent made on version `base`, for the document at `current`: the same intent with its
 * row as it is now when no change since touched that row (changes to other rows merge), or
 * the refusal that keeps what the user typed.
 */
export function rebase(history: History, current: number, base: number, intent: EditIntent): { intent: EditIntent } | { refusal: EditRefusal } {
  const rows = rowsOf(intent);
  if (base === current || !rows.length) return { intent };
  const text = intent.type === 'text' ? intent.text : null;
  const row = rows[0]!;
  if (base > current || base < history.first) return { refusal: { code: 'document_changed', row, now: null, text } };
  const followed = rows.map((each) => follow(history, base, each));
  const first = followed[0]!;
  // A merge's two rows must still be neighbours.
  if (first.now === null || followed.some((each, i) => each.changed || each.now !== first.now! + i)) return { refusal: { code: 'row_changed', row, now: first.now, text } };
  return { intent: { ...intent, block: first.now } as EditIntent };
}
