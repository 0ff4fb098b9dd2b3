import { join } from 'node:path';
import type { HistoryStore } from './services/history/history-store';
import { createHeldItems } from './services/held/held-items';
import type { Staging } from './services/intake/staging';
import { log } from './log';

/**
 * Documents and long pastes held for chat (docs/architecture/chat-and-conversations.md), in the
 * data folder's `held`. Conversations purged at this start take theirs along.
 */
export function openHeld(deps: { dataDir: string; staging: Staging; history: HistoryStore }) {
  const held = createHeldItems({ dir: join(deps.dataDir, 'held'), staging: deps.staging });
  let live: Set<string>;
  try {
    live = new Set(deps.history.list().map((conversation) => conversation.id));
  } catch (error) {
    // A history being repaired cannot say which conversations are gone: the sweep waits for the next start.
    log.warn('Held items not swept this start: the history could not be listed:', error);
    return held;
  }
  held.sweep(live).catch((error: unknown) => log.warn('Removing held items of deleted conversations failed:', error));
  return held;
}
