import { join, resolve } from 'node:path';
import * as keytar from '@napi-rs/keyring/keytar.js';
import type { CoreOptions } from './core-types';
import { createKeychain } from './services/keys/keychain';
import { createKeyStore, retryKeyDeletions } from './services/keys/key-store';
import { openPendingDeletions } from './services/keys/pending-deletions';
import { createServerSecrets } from './services/mcp/server-secrets';

/**
 * What core keeps in the system keychain: each profile's API key and the user-added MCP servers'
 * secrets, with the deletions the keychain could not take yet (kept in the data folder and retried
 * by `retryDeletions`, which core starts once the rest has opened and stops at close).
 */
export async function openKeychainStores(options: Pick<CoreOptions, 'keytar' | 'userDataDir' | 'keyDeletionRetryMs'>) {
  // Each profile's key has its own keychain entry under the data folder's account, so separate
  // data folders (APP_DATA_DIR) never share a key, while Electron and the browser harness on
  // the same folder do.
  const keychain = { keytar: options.keytar ?? keytar, service: 'Confab' };
  const dataAccount = resolve(options.userDataDir);
  const keyStore = createKeyStore({
    keychain: createKeychain(keychain),
    accountPrefix: dataAccount,
    deletions: await openPendingDeletions(join(options.userDataDir, 'key-deletions.json')),
  });
  // User-added MCP servers' secrets sit in the keychain next to the API key, one account each.
  const secrets = createServerSecrets({
    ...keychain,
    accountPrefix: dataAccount,
    deletions: await openPendingDeletions(join(options.userDataDir, 'mcp-secret-deletions.json')),
  });
  return {
    dataAccount,
    keyStore,
    secrets,
    retryDeletions(): () => void {
      const stops = [retryKeyDeletions(keyStore, options.keyDeletionRetryMs), retryKeyDeletions(secrets, options.keyDeletionRetryMs)];
      return () => stops.forEach((stop) => stop());
    },
  };
}
