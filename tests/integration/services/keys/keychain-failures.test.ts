import { describe, expect, it } from 'vitest';
import { createKeychain } from '../../../../electron/core/services/keys/keychain';
import { createKeyStore } from '../../../../electron/core/services/keys/key-store';
import { createPendingDeletions } from '../../../../electron/core/services/keys/pending-deletions';
import { createProfileKeys } from '../../../../electron/core/services/keys/profile-keys';
import type { Settings } from '../../../../shared/contract/settings';
import { memoryKeytar } from '../../../support/memory-keytar';

// The words @napi-rs/keyring 2.1 throws on Linux, as seen from it: with no session bus, with a
// Secret Service that has no login keyring, with a locked keyring whose prompt cannot be shown.
const NO_BUS = 'zbus error: Failed to connect to address `unix:path=/run/user/1000/bus`: No such file or directory (os error 2)';
const FALLBACK_DENIED = "Couldn't access platform storage: AccessDenied";
const NO_KEYRING = "Couldn't access platform storage: Secret Service: no result found";
const PROMPT_DISMISSED = "Couldn't access platform storage: Secret Service: unlock prompt was dismissed";
const SEARCH_LOCKED = 'zbus error: org.freedesktop.Secret.Error.IsLocked: Cannot get secret of a locked object';
const OBJECT_LOCKED = "Couldn't access platform storage: Secret Service: object locked";
const OTHER = 'Platform secure storage failure: DBus error: Message recipient disconnected from message bus without replying';

const settings: Settings = {
  baseUrl: 'https://api.example.com/v1',
  mcpUrl: null,
  plan: 'free',
  proxy: null,
  theme: 'system', language: 'system', uiLanguage: 'en', systemLanguage: 'en',
  keyReminderDays: 90,
  speakerName: null,
  speakerNameAsked: false,
  partsInFlight: 3,
  liveCaptions: true,
  contextBudget: { kind: 'all' },
  profileId: 'default',
  profileName: 'Default',
  unsaved: null,
};

/** A keytar over memory whose calls throw the given words while `failing` says so. */
function failingKeytar() {
  const inner = memoryKeytar();
  const failing: { probe?: string; get?: string; set?: string } = {};
  const fail = (words: string | undefined) => {
    if (words) throw new Error(words);
  };
  const keytar = {
    ...inner,
    findCredentials: async (service: string) => (fail(failing.probe), inner.findCredentials(service)),
    getPassword: async (service: string, account: string) => (fail(failing.get), inner.getPassword(service, account)),
    setPassword: async (service: string, account: string, password: string) => (fail(failing.set), inner.setPassword(service, account, password)),
  };
  return { keytar, failing, entries: inner.entries };
}

function profileKeys(keytar: ReturnType<typeof failingKeytar>['keytar']) {
  return createProfileKeys({
    keys: createKeyStore({ keychain: createKeychain({ keytar, service: 'Confab' }), accountPrefix: 'test', deletions: createPendingDeletions(async () => undefined) }),
    settings: { get: () => settings },
    probe: async () => ({ ok: true, model: 'default', latencyMs: 0 }),
  });
}

describe('a keychain that fails to read', () => {
  it.each([
    ['no session bus', { probe: NO_BUS }, 'unavailable'],
    ['a locked keyring found by the search', { probe: SEARCH_LOCKED }, 'locked'],
    ['a locked keyring whose unlock prompt cannot be shown', { get: PROMPT_DISMISSED }, 'locked'],
    ['anything else', { get: OTHER }, 'failed'],
  ] as const)('says so for %s, and does not claim a key is or is not stored', async (_, failure, kind) => {
    const fake = failingKeytar();
    fake.entries.set('Confab\u0000test#default', JSON.stringify({ key: 'sk-stored-earlier-OLD1', origin: 'https://api.example.com', savedAt: null }));
    Object.assign(fake.failing, failure);
    expect(await profileKeys(fake.keytar).status()).toMatchObject({ stored: false, storage: 'unknown', keychainProblem: kind });
  });
});

describe('a keychain that fails to store a key the service accepted', () => {
  it.each([
    ['a Secret Service with no login keyring', { set: NO_KEYRING }, 'unavailable'],
    ['a locked keyring whose unlock prompt cannot be shown', { set: PROMPT_DISMISSED }, 'locked'],
    ['a locked keyring', { set: OBJECT_LOCKED }, 'locked'],
    ['a refusal while the Secret Service answers', { set: FALLBACK_DENIED }, 'denied'],
    ['the fallback store refusing when there is no session bus', { set: FALLBACK_DENIED, probe: NO_BUS }, 'unavailable'],
    ['anything else', { set: OTHER }, 'failed'],
  ] as const)('names %s, keeps nothing, and takes the key for this run only when asked', async (_, failure, kind) => {
    const fake = failingKeytar();
    const keys = profileKeys(fake.keytar);
    Object.assign(fake.failing, failure);
    const change = await keys.setKey('sk-new-key-NEW1', { memoryOnly: false });
    // Where the keychain cannot be read either, whether it holds a key cannot be told.
    const storage = 'probe' in failure ? 'unknown' : 'none';
    expect(change).toMatchObject({ refused: null, notStored: kind, status: { stored: false, storage } });
    expect(await keys.keyFor(settings.baseUrl)).toEqual({ key: null, origin: null });

    const runOnly = await keys.setKey('sk-new-key-NEW1', { memoryOnly: true });
    expect(runOnly).toMatchObject({ notStored: null, status: { stored: true, storage: 'memory', last4: 'NEW1', usable: true } });
    expect((await keys.keyFor(settings.baseUrl)).key).toBe('sk-new-key-NEW1');
    expect(fake.entries.size).toBe(0);
  });

  it('no longer says a key stored earlier is in the keychain once the keychain locks', async () => {
    const fake = failingKeytar();
    const keys = profileKeys(fake.keytar);
    await keys.setKey('sk-stored-earlier-OLD1', { memoryOnly: false });
    expect(await keys.status()).toMatchObject({ stored: true, storage: 'keychain', last4: 'OLD1' });

    // The user locks the keyring; the next attempt to use it is the replacement they type.
    Object.assign(fake.failing, { get: PROMPT_DISMISSED, set: PROMPT_DISMISSED });
    const change = await keys.setKey('sk-replacement-NEW2', { memoryOnly: false });
    expect(change).toMatchObject({ notStored: 'locked', status: { stored: false, storage: 'unknown', keychainProblem: 'locked' } });

    // Unlocked again, the keychain is asked afresh and still holds the earlier key.
    delete fake.failing.get;
    expect(await keys.status()).toMatchObject({ stored: true, storage: 'keychain', last4: 'OLD1', keychainProblem: null });
  });
});
