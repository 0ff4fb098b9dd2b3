import type { DesktopEvent, PageError } from '../../../../shared/contract/desktop';
import { createWatchers } from './watchers';

/**
 * Main's channel to the page for what the desktop asks (menu items, files opened with
 * Confab). Events sent while no page watches — files handed over at launch, before the page
 * has loaded — wait and go to the next page that starts watching, so none is lost.
 */
export function createDesktopEvents() {
  const watchers = createWatchers<DesktopEvent>();
  let waiting: DesktopEvent[] = [];

  return {
    send(event: DesktopEvent): void {
      if (watchers.size === 0) waiting.push(event);
      else watchers.broadcast(event);
    },

    /** Delivers what waited, then every event, until `signal` aborts (the page went away). */
    watch(emit: (event: DesktopEvent) => void, signal: AbortSignal): Promise<void> {
      const held = waiting;
      waiting = [];
      for (const event of held) emit(event);
      return watchers.watch(emit, signal);
    },
  };
}

export type DesktopEvents = ReturnType<typeof createDesktopEvents>;

/** How a page's error reads in main's log: one line with where it came from, then the stack. */
export const pageErrorLine = (error: PageError) => `Page error (${error.source}): ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
