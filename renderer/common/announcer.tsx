import { useSyncExternalStore } from 'react';

/**
 * One polite live region for the whole app (rendered once by the shell), so screen readers hear
 * that a reply finished or a job moved on without the page stealing focus. Only milestones are
 * announced, and a `key` (a job, say) speaks at most once per `THROTTLE_MS` unless `final`, so a
 * stream of progress events never floods the listener.
 */
const THROTTLE_MS = 10_000;
let text = '';
let serial = 0;
const listeners = new Set<() => void>();
const lastByKey = new Map<string, number>();

function publish(next: string) {
  text = next;
  serial += 1;
  for (const listener of listeners) listener();
}

export function announce(message: string, options: { key?: string; final?: boolean } = {}): void {
  const { key, final = false } = options;
  if (key) {
    const last = lastByKey.get(key);
    if (!final && last !== undefined && Date.now() - last < THROTTLE_MS) return;
    if (final) lastByKey.delete(key);
    else lastByKey.set(key, Date.now());
  }
  publish(message);
}

/** The milestone (25, 50, 75 %) a fraction crossed going from `before` to `after`, or null. */
export function progressMilestone(before: number, after: number): number | null {
  const step = (fraction: number) => Math.floor(Math.min(Math.max(fraction, 0), 0.999) * 4);
  return step(after) > step(before) ? step(after) * 25 : null;
}

/** The words the region holds now. */
export const lastAnnouncement = () => text;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Announcer() {
  const snapshot = useSyncExternalStore(subscribe, () => serial);
  // A new element per message, so the same words said twice are announced twice.
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      <span key={snapshot}>{lastAnnouncement()}</span>
    </div>
  );
}
