/**
 * The pages watching one of main's domains (conversations, jobs). A page that starts
 * watching first gets the state as it stands, then every change, until its stream ends.
 */
export function createWatchers<E>() {
  const watchers = new Set<(event: E) => void>();
  return {
    broadcast(event: E) {
      for (const watcher of watchers) watcher(event);
    },

    get size() {
      return watchers.size;
    },

    /** Sends `first()` (when given), then every broadcast, until `signal` aborts (the page went away). */
    watch(emit: (event: E) => void, signal: AbortSignal, first?: () => E): Promise<void> {
      if (first) emit(first());
      watchers.add(emit);
      return new Promise((resolve) => {
        const end = () => {
          watchers.delete(emit);
          resolve();
        };
        if (signal.aborted) end();
        else signal.addEventListener('abort', end, { once: true });
      });
    },
  };
}
