import { type Keytar, createKeychain } from '../keys/keychain';
import { createTurns } from '../keys/in-turn';
import type { PendingDeletions } from '../keys/pending-deletions';
import { Problem } from '../../../../shared/domain/problem';

/** Which of a server's secrets: an HTTP header's value or an environment variable's. */
export type SecretKind = 'header' | 'env';

/**
 * Header and environment values of user-added MCP servers, each in its own keychain account
 * (next to the API key's, under the same data folder), so settings files never hold one.
 *
 * A deletion the keychain could not carry out is remembered as the API key's is
 * (pending-deletions.ts): that entry is never read again, each read and `finishDeletions` try to
 * delete it again, and a new value written to it ends the deletion. Otherwise a header forgotten
 * while the keychain was down (the server moved to another origin) would be sent once it is back.
 */
export function createServerSecrets(deps: { keytar: Keytar; service: string; accountPrefix: string; deletions: PendingDeletions }) {
  const keychain = createKeychain(deps);
  const inTurn = createTurns();
  const entryOf = (serverId: string, kind: SecretKind, name: string) => `mcp/${serverId}/${kind}/${name}`;
  const account = (entry: string) => `${deps.accountPrefix}#${entry}`;
  const finish = (entry: string) => deps.deletions.retry(entry, () => keychain.remove(account(entry)));

  return {
    read(serverId: string, kind: SecretKind, name: string): Promise<string | null> {
      const entry = entryOf(serverId, kind, name);
      return inTurn(entry, async () => {
        if (!deps.deletions.has(entry)) return keychain.read(account(entry));
        await finish(entry);
        return null;
      });
    },

    write(serverId: string, kind: SecretKind, name: string, value: string): Promise<void> {
      const entry = entryOf(serverId, kind, name);
      return inTurn(entry, async () => {
        try {
          await keychain.write(account(entry), value);
        } catch {
          throw new Problem('mcp.no_keychain', { name });
        }
        // The new value took the deleted one's place: nothing is left to delete.
        await deps.deletions.clear(entry);
      });
    },

    remove(serverId: string, kind: SecretKind, name: string): Promise<void> {
      const entry = entryOf(serverId, kind, name);
      return inTurn(entry, async () => {
        // Remembered before the keychain is asked, so a crash during the attempt still never reads the entry.
        await deps.deletions.mark(entry, null);
        await finish(entry);
      });
    },

    /** Tries every pending deletion again: called periodically by core (retryKeyDeletions). */
    finishDeletions: () => deps.deletions.retryAll(inTurn, finish),
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;
