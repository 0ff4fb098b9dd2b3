import type { DiskRefusal } from '../../../shared/contract/transcriptEditor';
import { HistoryDamaged, StorageFault } from '../history/storage-guard';
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

/** Why the disk refused a write, or null for an error that is not the disk's (that one is thrown). */
export function diskRefusal(error: unknown): DiskRefusal | null {
  if (error instanceof StorageFault) return { cause: error.kind, message: error.message };
  if (error instanceof HistoryDamaged) return { cause: 'damaged', message: error.message };
  return null;
}

/** A new step at `position`: the steps kept above it were undone, and go, as `record` drops them on disk. */
export function keepStep(unsaved: Unsaved, position: number, step: StoredStep) {
  for (const seq of unsaved.steps.keys()) if (seq >= position) unsaved.steps.delete(seq);
  unsaved.steps.set(position, step);
}

/** How often main tries again to write what the disk refused, besides before every edit. */
export const RETRY_MS = 5_000;

/**
 * Calls `retry` every RETRY_MS while it says something is left, from `start()` on. The timer
 * never keeps the app (or a test run) alive by itself.
 */
export function retryTimer(retry: () => boolean) {
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      timer ??= setInterval(() => {
        if (retry() || !timer) return;
        clearInterval(timer);
        timer = null;
      }, RETRY_MS).unref();
    },
  };
}
