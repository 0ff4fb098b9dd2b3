/**
 * Main's history writes for one conversation run in the order they were made: creating it
 * must land before its first message, its first message before the reply main records, and a
 * rename before the next one. A failed write does not hold back the ones after it.
 */
const queues = new Map<string, Promise<unknown>>();

export function inOrder<T>(conversationId: string, write: () => Promise<T>): Promise<T> {
  const next = (queues.get(conversationId) ?? Promise.resolve()).then(write, write);
  queues.set(
    conversationId,
    next.catch(() => undefined),
  );
  return next;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
