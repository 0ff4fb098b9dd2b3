import { z } from 'zod';
import { type KeychainProblem, keychainProblemSchema } from '../../../../shared/contract/secrets';
import { log } from '../../log';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';

/**
 * Profile ids whose key the user deleted, with why the keychain has not deleted it yet (null while
 * the attempt is under way). Kept in the data folder so a restart still never reads those entries;
 * only ids and causes are written, never a key.
 */
const fileSchema = z.object({ pending: z.record(z.string(), keychainProblemSchema.nullable()) });

export async function openPendingDeletions(path: string) {
  return createPendingDeletions(createAtomicWriter(path), (await readJsonFile(path, fileSchema))?.pending ?? {});
}

/** Over any writer of the file's text (tests pass one that keeps nothing). */
export function createPendingDeletions(write: (text: string) => Promise<void>, loaded: Record<string, KeychainProblem | null> = {}) {
  const pending = new Map(Object.entries(loaded));

  // A failed write keeps the deletion for this run (the map is what reads consult) and says so in
  // the log: the keychain entry is still never read, only a restart could forget it.
  const persist = () =>
    write(JSON.stringify({ pending: Object.fromEntries(pending) })).catch((error: unknown) => log.warn('Keeping the pending key deletions failed:', error));

  return {
    has: (profileId: string) => pending.has(profileId),
    problem: (profileId: string): KeychainProblem | null => pending.get(profileId) ?? null,
    ids: () => [...pending.keys()],
    async mark(profileId: string, problem: KeychainProblem | null): Promise<void> {
      pending.set(profileId, problem);
      await persist();
    },
    async clear(profileId: string): Promise<void> {
      if (pending.delete(profileId)) await persist();
    },
  };
}

export type PendingDeletions = ReturnType<typeof createPendingDeletions>;
