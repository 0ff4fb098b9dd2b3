import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as keytar from '@napi-rs/keyring/keytar.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../electron/core/core';
import { createKeychain } from '../../../../electron/core/services/keys/keychain';
import { createKeyStore } from '../../../../electron/core/services/keys/key-store';
import { createPendingDeletions } from '../../../../electron/core/services/keys/pending-deletions';
import { createProfileKeys } from '../../../../electron/core/services/keys/profile-keys';
import type { Settings } from '../../../../shared/contract/settings';
import { startFakeService } from '../../../fake-service/server';

// These talk to a real Secret Service: `npm test` runs inside a private D-Bus session with
// gnome-keyring (tests/with-keyring.sh). Each test uses its own service name or data folder.
const service = `confab-test-${randomUUID()}`;
const prefix = `/confab-test/${randomUUID()}`;
const sink = { send: () => undefined };
const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step().catch(() => undefined);
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
});

function profileKeys(settings: Settings) {
  const keys = createProfileKeys({
    keys: createKeyStore({ keychain: createKeychain({ keytar, service }), accountPrefix: prefix, deletions: createPendingDeletions(async () => undefined) }),
    settings: { get: () => settings },
    probe: async () => ({ ok: true, model: 'default', latencyMs: 0 }),
  });
  return keys;
}

const settingsFor = (profileId: string, baseUrl: string): Settings => ({
  baseUrl,
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
  profileId,
  profileName: profileId,
  unsaved: null,
});

describe('profile keys on the OS keychain', () => {
  it('stores, replaces and deletes a profile key, reporting only the last four characters and its origin', async () => {
    const settings = settingsFor('prod', 'https://api.example.com/v1');
    const keys = profileKeys(settings);
    expect(await keys.status()).toMatchObject({ stored: false, last4: null, storage: 'none', keychainProblem: null });

    const first = await keys.setKey('sk-first-secret-AAAA', { memoryOnly: false });
    expect(first.status).toMatchObject({ stored: true, last4: 'AAAA', storage: 'keychain', usable: true, origin: 'https://api.example.com' });
    expect(JSON.parse((await keytar.getPassword(service, `${prefix}#prod`))!)).toMatchObject({
      key: 'sk-first-secret-AAAA',
      origin: 'https://api.example.com',
    });
    expect(JSON.stringify(first)).not.toContain('first-secret');

    await keys.setKey('sk-second-secret-BBBB', { memoryOnly: false });
    // A fresh store (a new app run) finds the key in the keychain, still bound to its origin.
    const fresh = profileKeys(settings);
    expect((await fresh.keyFor('https://api.example.com/v1')).key).toBe('sk-second-secret-BBBB');
    expect((await fresh.keyFor('https://other.example.com/v1')).key).toBeNull();

    expect(await keys.deleteKey()).toMatchObject({ stored: false, storage: 'none' });
    expect(await keytar.getPassword(service, `${prefix}#prod`)).toBeNull();
  });

  it('keeps one entry per profile: each profile sees only its own key', async () => {
    const prod = settingsFor('prod', 'https://api.example.com/v1');
    const staging = settingsFor('staging', 'https://api.example.com/v1');
    await profileKeys(prod).setKey('sk-production-PROD', { memoryOnly: false });
    await profileKeys(staging).setKey('sk-staging-STAG', { memoryOnly: false });
    expect((await profileKeys(prod).status()).last4).toBe('PROD');
    expect((await profileKeys(staging).status()).last4).toBe('STAG');
    await profileKeys(staging).deleteKey();
    expect((await profileKeys(prod).status()).last4).toBe('PROD');
  });

  it('accepts a key without the sk- prefix, with a warning', async () => {
    const { status } = await profileKeys(settingsFor('p', 'https://api.example.com/v1')).setKey('not-a-service-key-1234', { memoryOnly: false });
    expect(status.stored).toBe(true);
    expect(status.warning).toBe('not_a_service_key');
  });
});

describe('a data folder from before profiles', () => {
  it('moves its keychain entry to the Default profile for the base URL origin; deleting a profile deletes its entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'confab-migrate-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const account = resolve(dir);
    cleanup.push(() => keytar.deletePassword('Confab', account), () => keytar.deletePassword('Confab', `${account}#default`));
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: 'https://api.example.com/v1', mcpUrl: null, plan: 'pro', theme: 'system' }));
    await keytar.setPassword('Confab', account, 'sk-from-before-profiles-OLD1');

    const core = await createCore({ userDataDir: dir });
    cleanup.push(() => core.close());
    expect(await keytar.getPassword('Confab', account)).toBeNull();
    expect(JSON.parse((await keytar.getPassword('Confab', `${account}#default`))!)).toMatchObject({
      key: 'sk-from-before-profiles-OLD1',
      origin: 'https://api.example.com',
    });
    const status = (await core.router.invoke('secrets:status', undefined, sink)) as { value: { last4: string; usable: boolean } };
    expect(status.value).toMatchObject({ last4: 'OLD1', usable: true });

    const created = (await core.router.invoke('profiles:create', { name: 'Staging', copyFrom: 'default' }, sink)) as {
      value: { profiles: Array<{ id: string; name: string }> };
    };
    const stagingId = created.value.profiles.find((p) => p.name === 'Staging')!.id;
    cleanup.push(() => keytar.deletePassword('Confab', `${account}#${stagingId}`));
    await core.router.invoke('profiles:switch', { id: stagingId }, sink);
    expect(((await core.router.invoke('secrets:status', undefined, sink)) as { value: { stored: boolean } }).value.stored).toBe(false);
    // Staging's own service, which accepts the key: Confab tries a key before it stores it.
    const staging = await startFakeService();
    cleanup.push(() => staging.close());
    staging.issueKey('sk-staging-only-STG1');
    await core.router.invoke('settings:update', { baseUrl: staging.baseUrl }, sink);
    await core.router.invoke('secrets:setKey', { key: 'sk-staging-only-STG1' }, sink);
    expect(await keytar.getPassword('Confab', `${account}#${stagingId}`)).toContain('sk-staging-only-STG1');

    await core.router.invoke('profiles:delete', { id: stagingId }, sink);
    expect(await keytar.getPassword('Confab', `${account}#${stagingId}`)).toBeNull();
    expect(await keytar.getPassword('Confab', `${account}#default`)).toContain('OLD1');
  });
});

describe('key store without a Secret Service', () => {
  it('says so and holds a this-run-only key in memory, never in the keychain', async () => {
    // A child process whose D-Bus address leads nowhere is a Linux desktop without a keyring.
    const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['tests/support/fixtures/keystore-without-keychain.ts', service], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/confab-bus', XDG_RUNTIME_DIR: '/nonexistent' },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.before).toMatchObject({ stored: false, storage: 'unknown', keychainProblem: 'unavailable' });
    // Without a bus the library falls back to the kernel keyring, whose refusal must not be worded
    // as "denied": the missing Secret Service is the cause.
    expect(result.refused).toMatchObject({ notStored: 'unavailable', refused: null, status: { stored: false, storage: 'unknown' } });
    expect(result.after).toMatchObject({ stored: true, storage: 'memory', last4: 'CCCC', usable: true });
    expect(result.read).toBe('sk-memory-only-CCCC');
    expect(await keytar.findCredentials(service)).toEqual([]);
  });
});
