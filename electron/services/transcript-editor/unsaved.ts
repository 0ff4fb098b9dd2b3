import type { DiskRefusal } from '../../../shared/contract/storage';
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
