import type { Job, JobEvent } from '../../../../shared/contract/jobs';
import { createWatchers } from '../events/watchers';

/** Byte and planning progress reach the pages at most this often; state changes go at once. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Who hears of the queue's changes: the pages (one `watch` stream each, which first gets every
 * job) and main's own listeners (`onJobEvent`: notifications, taskbar progress).
 */
export function createJobEvents(all: () => Job[]) {
  const watchers = createWatchers<JobEvent>();
  const listeners = new Set<(event: JobEvent) => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = (event: JobEvent) => {
    watchers.broadcast(event);
    for (const listener of listeners) listener(event);
  };

  return {
    emit,
    /** A job changed; `view` is called when it is sent, so a burst of progress sends the latest once. */
    changed(id: string, view: () => Job | null, immediate: boolean) {
      const send = () => {
        timers.delete(id);
        const job = view();
        if (job) emit({ type: 'job', job });
      };
      if (immediate) {
        clearTimeout(timers.get(id));
        send();
      } else if (!timers.has(id)) timers.set(id, setTimeout(send, PROGRESS_INTERVAL_MS));
    },
    watch: (send: (event: JobEvent) => void, signal: AbortSignal) => watchers.watch(send, signal, () => ({ type: 'jobs', jobs: all() })),
    onJobEvent(listener: (event: JobEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
