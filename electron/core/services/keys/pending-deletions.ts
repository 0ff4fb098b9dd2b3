import { z } from 'zod';
import { type KeychainProblem, keychainProblemSchema } from '../../../../shared/contract/secrets';
import { log } from '../../log';
import { createAtomicWriter, readJsonFile } from '../storage/json-file';

/**
 * Keychain entries the user deleted (a profile's key by its profile id; an MCP server's secret,
 * in a file of its own), with why the keychain has not deleted them yet (null while the attempt is
 * under way). Kept in the data folder so a restart still never reads those entries; only ids and
 * causes are written, never a secret.
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
  const clear = async (id: string) => {
    if (pending.delete(id)) await persist();
  };

  return {
    has: (profileId: string) => pending.has(profileId),
    problem: (profileId: string): KeychainProblem | null => pending.get(profileId) ?? null,
    ids: () => [...pending.keys()],
    async mark(profileId: string, problem: KeychainProblem | null): Promise<void> {
      pending.set(profileId, problem);
      await persist();
    },
    clear,
    /** Asks the keychain again (`remove` answers why not, or null once gone); true once the entry is gone. */
    async retry(id: string, remove: () => Promise<KeychainProblem | null>): Promise<boolean> {
      const problem = await remove();
      if (problem === null) {
        await clear(id);
        return true;
      }
      if (pending.get(id) !== problem) {
        pending.set(id, problem);
        await persist();
      }
      return false;
    },
    /** Each pending deletion tried again by `finish`, in its entry's turn (in-turn.ts). */
    async retryAll(inTurn: <T>(id: string, work: () => Promise<T>) => Promise<T>, finish: (id: string) => Promise<boolean>): Promise<void> {
      await Promise.all([...pending.keys()].map((id) => inTurn(id, async () => pending.has(id) && finish(id))));
    },
  };
}

export type PendingDeletions = ReturnType<typeof createPendingDeletions>;
