import type { DiskRefusal } from '../../../../shared/contract/storage';
import { log } from '../../log';
import { HistoryDamaged, StorageFault } from './storage-guard';

/** Why the disk refused a history write, or null for an error that is not the disk's (that one is thrown). */
export function diskRefusal(error: unknown): DiskRefusal | null {
  if (error instanceof StorageFault) return { cause: error.kind, file: error.path };
  if (error instanceof HistoryDamaged) return { cause: 'damaged', file: error.path };
  return null;
}

/** How often main tries again to write what the disk refused, besides before its next write. */
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

/**
 * Writes the disk refused, held in main and tried again in order before the next one and on
 * the timer, until it takes them: the latest per key (a reply saved again replaces its earlier
 * save). `onRefusal` hears why they wait, and null once all are written.
 */
export function heldWrites(onRefusal: (refusal: DiskRefusal | null) => void) {
  const held = new Map<string, () => void>();
  let refused: DiskRefusal | null = null;
  const timer = retryTimer(() => !retry());

  /** `flush` where nothing waits for the answer: a write whose row went meanwhile (its conversation deleted) is dropped. */
  function retry(): boolean {
    try {
      return flush();
    } catch (error) {
      log.warn('A held history write could not be made:', error);
      return held.size === 0;
    }
  }

  /** Whether everything held is written now. Errors not the disk's are thrown, as without holding. */
  function flush(): boolean {
    for (const [key, write] of held) {
      try {
        write();
        held.delete(key);
      } catch (error) {
        const refusal = diskRefusal(error);
        if (!refusal) {
          held.delete(key);
          throw error;
        }
        if (refused?.cause !== refusal.cause) onRefusal(refusal);
        refused = refusal;
        timer.start();
        return false;
      }
    }
    if (refused) onRefusal((refused = null));
    return true;
  }

  return {
    retry,
    write(key: string, write: () => void) {
      held.delete(key);
      held.set(key, write);
      flush();
    },
  };
}
