import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCore } from '../../../electron/core/core';
import type { Keytar } from '../../../electron/core/services/keys/keychain';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { memoryKeytar } from '../../support/memory-keytar';
import { testFolder } from '../../support/temp-folder';

// A key deleted while the keychain is gone must stay deleted. The keytar here behaves as
// @napi-rs/keyring does when the Secret Service's bus is gone (seen with a killed gnome-keyring):
// a search throws, while getPassword answers "nothing" and deletePassword "nothing deleted"
// without failing. tests/e2e/keychain-delete.test.ts does the same with a real keyring killed.
const NO_BUS = 'zbus error: Failed to connect to address `unix:path=/run/user/1000/bus`: No such file or directory (os error 2)';

function killableKeytar() {
  const inner = memoryKeytar();
  const state = { down: false };
  const keytar: Keytar = {
    findCredentials: async (service) => {
      if (state.down) throw new Error(NO_BUS);
      return inner.findCredentials(service);
    },
    getPassword: async (service, account) => (state.down ? null : inner.getPassword(service, account)),
    setPassword: async (service, account, password) => {
      if (state.down) throw new Error("Couldn't access platform storage: AccessDenied");
      return inner.setPassword(service, account, password);
    },
    deletePassword: async (service, account) => (state.down ? false : inner.deletePassword(service, account)),
  };
  return { keytar, state, entries: inner.entries };
}

let fake: FakeService;
beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(async () => {
  await fake.close();
});

async function openCore(dataDir: string, keytar: Keytar) {
  const core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, keytar });
  let closed = false;
  onTestFinished(async () => {
    if (!closed) await core.close();
  });
  const invoke = async (channel: string, payload?: unknown) => {
    const result = await core.router.invoke(channel, payload, { send: () => undefined });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as Record<string, unknown>;
  };
  return {
    core,
    invoke,
    async close() {
      closed = true;
      await core.close();
    },
  };
}

/** Every Authorization header the service received since `from`. */
const sentKeys = (from: number) => fake.requests.slice(from).map((request) => request.headers.authorization ?? null);

async function withStoredKey(key: string) {
  const dataDir = await testFolder('confab-key-deletion-');
  const keychain = killableKeytar();
  fake.issueKey(key);
  const app = await openCore(dataDir, keychain.keytar);
  expect(await app.invoke('secrets:setKey', { key })).toMatchObject({ status: { stored: true, storage: 'keychain' } });
  const entry = `Confab\u0000${resolve(dataDir)}#default`;
  return { dataDir, keychain, app, entry };
}

describe('deleting the key while the keychain is gone', () => {
  it('never sends the deleted key, says why it is still in the keychain, also after a restart, and deletes it once the keychain is back', async () => {
    const key = 'sk-deleted-while-down-DEL1';
    const { dataDir, keychain, app, entry } = await withStoredKey(key);

    keychain.state.down = true;
    const from = fake.requests.length;
    const deleted = await app.invoke('secrets:deleteKey');
    await app.invoke('settings:testConnection');
    // A restart while the keychain is still gone: the deletion was kept in the data folder.
    await app.close();
    const again = await openCore(dataDir, keychain.keytar);
    const afterRestart = await again.invoke('secrets:status');

    // The keychain is back, with the entry still in it: the next use deletes it first.
    keychain.state.down = false;
    expect(keychain.entries.has(entry)).toBe(true);
    const tested = await again.invoke('settings:testConnection');
    expect(sentKeys(from)).not.toContain(`Bearer ${key}`);
    expect(tested).toMatchObject({ ok: false, failure: { code: 'missing_api_key' } });
    expect(keychain.entries.has(entry)).toBe(false);
    // Meanwhile Settings was told why the key was still in the keychain.
    expect(deleted).toMatchObject({ stored: false, storage: 'none', deletionPending: 'unavailable' });
    expect(afterRestart).toMatchObject({ stored: false, storage: 'none', deletionPending: 'unavailable' });
    expect(await again.invoke('secrets:status')).toMatchObject({ stored: false, storage: 'none', deletionPending: null, keychainProblem: null });
  });

  it('reads the keychain afresh once it is back: a key another program saved meanwhile is the one shown', async () => {
    const { dataDir, keychain, app } = await withStoredKey('sk-first-profile-ONE1');
    const created = await app.invoke('profiles:create', { name: 'Staging', copyFrom: 'default' });
    const staging = (created.profiles as Array<{ id: string; name: string }>).find((profile) => profile.name === 'Staging')!.id;
    await app.invoke('profiles:switch', { id: staging });
    fake.issueKey('sk-staging-STG1');
    await app.invoke('secrets:setKey', { key: 'sk-staging-STG1' });
    await app.invoke('profiles:switch', { id: 'default' });

    keychain.state.down = true;
    await app.invoke('secrets:deleteKey');
    // While Confab could not reach the keychain, the Staging entry was replaced there (a password manager, say).
    const stagingEntry = `Confab\u0000${resolve(dataDir)}#${staging}`;
    keychain.entries.set(stagingEntry, keychain.entries.get(stagingEntry)!.replace('sk-staging-STG1', 'sk-staging-STG2'));
    keychain.state.down = false;

    expect(await app.invoke('secrets:status')).toMatchObject({ stored: false, deletionPending: null, keychainProblem: null });
    await app.invoke('profiles:switch', { id: staging });
    expect(await app.invoke('secrets:status')).toMatchObject({ stored: true, last4: 'STG2' });
  });

  it('a key saved for this run only while the deletion is pending is the one sent, and the old entry still goes', async () => {
    const old = 'sk-old-key-OLD1';
    const { keychain, app, entry } = await withStoredKey(old);
    keychain.state.down = true;
    await app.invoke('secrets:deleteKey');

    const replacement = 'sk-run-only-NEW1';
    fake.issueKey(replacement);
    expect(await app.invoke('secrets:setKey', { key: replacement })).toMatchObject({ notStored: 'unavailable' });
    expect(await app.invoke('secrets:setKey', { key: replacement, memoryOnly: true })).toMatchObject({
      status: { stored: true, storage: 'memory', deletionPending: 'unavailable' },
    });
    keychain.state.down = false;
    const from = fake.requests.length;
    expect(await app.invoke('settings:testConnection')).toMatchObject({ ok: true });
    expect(sentKeys(from)).toEqual([`Bearer ${replacement}`]);
    expect(keychain.entries.has(entry)).toBe(false);
    expect(await app.invoke('secrets:status')).toMatchObject({ storage: 'memory', last4: 'NEW1', deletionPending: null });
  });

  it('a key saved to the keychain once it is back takes the deleted one\u2019s place, and no retried deletion removes it', async () => {
    const old = 'sk-old-key-OLD2';
    const { dataDir, keychain, app, entry } = await withStoredKey(old);
    keychain.state.down = true;
    await app.invoke('secrets:deleteKey');

    // Back, and a new key is saved before anything used the old one: it replaces the entry.
    keychain.state.down = false;
    const replacement = 'sk-replacement-NEW2';
    fake.issueKey(replacement);
    expect(await app.invoke('secrets:setKey', { key: replacement })).toMatchObject({
      notStored: null,
      status: { stored: true, storage: 'keychain', last4: 'NEW2', deletionPending: null },
    });
    // A restart retries whatever deletions are pending at once: none is left to remove the new key.
    await app.close();
    const again = await openCore(dataDir, keychain.keytar);
    expect(await again.invoke('secrets:status')).toMatchObject({ stored: true, last4: 'NEW2', deletionPending: null });
    expect(keychain.entries.get(entry)).toContain(replacement);
  });
});
