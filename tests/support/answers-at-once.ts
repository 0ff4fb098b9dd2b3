import type { RequestLogEntry } from '../fake-service/script';

/**
 * When the fake finished answering each request (its log has only when each arrived), for the
 * fake's `onRequest`, and the most requests it was answering at one moment: parts in flight together.
 */
export function answersAtOnce() {
  const finished = new Map<RequestLogEntry, number>();
  return {
    onRequest: (entry: RequestLogEntry) => void finished.set(entry, Date.now()),
    mostAtOnce: (entries: RequestLogEntry[]): number =>
      Math.max(...entries.map((entry) => entries.filter((other) => other.at <= entry.at && finished.get(other)! > entry.at).length)),
  };
}
