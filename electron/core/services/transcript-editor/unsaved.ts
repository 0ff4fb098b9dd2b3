import type { DiskRefusal } from '../../../../shared/contract/storage';
import { diskRefusal } from '../history/refused-writes';
import type { StoredStep } from './edit-store';

/**
 * A document's changes the disk refused, kept in main until it takes them: the steps made
 * meanwhile by position (undo and redo need them before they are stored), and why the last
 * write was refused. The document, position and version in memory are already past them.
 */
export interface Unsaved {
  steps: Map<number, StoredStep>;
  refusal: DiskRefusal;
}

/** A new step at `position`: the steps kept above it were undone, and go, as `record` drops them on disk. */
export function keepStep(unsaved: Unsaved, position: number, step: StoredStep) {
  for (const seq of unsaved.steps.keys()) if (seq >= position) unsaved.steps.delete(seq);
  unsaved.steps.set(position, step);
}

/**
 * Writes one change (`store`), or keeps it unsaved when the disk refuses it, as every change
 * after it while some are kept; any other failure takes it back (`takeBack`) and is thrown, so
 * memory and disk agree. Answers whether it started keeping changes.
 */
export function writeOrKeep(open: { unsaved?: Unsaved }, store: () => void, takeBack: () => void): boolean {
  if (open.unsaved) return false;
  try {
    store();
    return false;
  } catch (error) {
    const refusal = diskRefusal(error);
    if (!refusal) {
      takeBack();
      throw error;
    }
    open.unsaved = { steps: new Map(), refusal };
    return true;
  }
}
