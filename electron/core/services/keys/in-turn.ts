/**
 * One keychain step at a time per entry: a retried deletion must never land after a newer save,
 * nor a read started before a deletion hand out the secret it removed.
 */
export function createTurns() {
  const turns = new Map<string, Promise<unknown>>();
  return function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (turns.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    turns.set(key, next);
    return next;
  };
}
