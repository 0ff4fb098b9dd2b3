import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeychain } from '../../../../electron/core/services/keys/keychain';
import { createKeyStore } from '../../../../electron/core/services/keys/key-store';
import { createPendingDeletions } from '../../../../electron/core/services/keys/pending-deletions';
import { MAX_PROFILES, createSettingsStore } from '../../../../electron/core/services/settings/settings-store';
import { originOf } from '../../../../shared/contract/settings';
import { memoryKeytar } from '../../../support/memory-keytar';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-profiles-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fileOnDisk = async () => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));

describe('settings.json from before profiles', () => {
  it('becomes the profile "Default" with the old values, and its keychain entry moves to that profile for the base URL origin', async () => {
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ baseUrl: 'https://api.example.com/v1', mcpUrl: 'https://api.example.com/tools/mcp', plan: 'pro', theme: 'dark' }),
    );
    const keytar = memoryKeytar();
    await keytar.setPassword('Confab', dir, 'sk-legacy-key-1234');
    const keys = createKeyStore({ keychain: createKeychain({ keytar }), accountPrefix: dir, deletions: createPendingDeletions(async () => undefined) });
    const at = new Date('2026-03-01T10:00:00Z');

    const settings = await createSettingsStore({
      dir,
      onMigrate: (profile) => keys.adoptLegacy(dir, profile.id, originOf(profile.baseUrl), at),
    });

    expect(settings.get()).toEqual({
      baseUrl: 'https://api.example.com/v1',
      mcpUrl: 'https://api.example.com/tools/mcp',
      plan: 'pro',
      proxy: null,
      theme: 'dark',
      language: 'system',
      uiLanguage: 'en',
      systemLanguage: 'en',
      keyReminderDays: 90,
      speakerName: null,
      speakerNameAsked: false,
      partsInFlight: 3,
      liveCaptions: true,
      contextBudget: { kind: 'all' },
      profileId: 'default',
      profileName: 'Default',
      unsaved: null,
    });
    expect(await keytar.getPassword('Confab', dir)).toBeNull();
    expect(JSON.parse((await keytar.getPassword('Confab', `${dir}#default`))!)).toEqual({
      key: 'sk-legacy-key-1234',
      origin: 'https://api.example.com',
      savedAt: at.toISOString(),
    });
    expect(await fileOnDisk()).toMatchObject({ version: 2, activeId: 'default', profiles: [{ id: 'default', name: 'Default' }] });

    // The next start reads the new file and migrates nothing again.
    let migratedAgain = false;
    const again = await createSettingsStore({ dir, onMigrate: async () => void (migratedAgain = true) });
    expect(migratedAgain).toBe(false);
    expect(again.get().plan).toBe('pro');
  });

  it('writes nothing new when moving the key fails, so the next start migrates again', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl: 'https://api.example.com/v1', plan: 'free', theme: 'light' }));
    await expect(
      createSettingsStore({
        dir,
        onMigrate: async () => {
          throw new Error('keychain locked');
        },
      }),
    ).rejects.toThrow('keychain locked');
    expect(await fileOnDisk()).toEqual({ baseUrl: 'https://api.example.com/v1', plan: 'free', theme: 'light' });
  });

  it('does not take a file it cannot read (a newer Confab\'s) for one from before profiles', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 3, activeId: 'x', profiles: [], theme: 'dark' }));
    let migrated = false;
    const settings = await createSettingsStore({ dir, onMigrate: async () => void (migrated = true) });
    expect(migrated).toBe(false);
    expect(settings.get()).toMatchObject({ profileName: 'Default', baseUrl: '', theme: 'system' });
    expect((await fileOnDisk()).version).toBe(3);
  });

  it('starts a first run with one Default profile on APP_BASE_URL', async () => {
    let migrated = false;
    const settings = await createSettingsStore({ dir, initialBaseUrl: 'http://127.0.0.1:9/v1', onMigrate: async () => void (migrated = true) });
    expect(migrated).toBe(false);
    expect(settings.list()).toEqual({ activeId: 'default', profiles: [{ id: 'default', name: 'Default', baseUrl: 'http://127.0.0.1:9/v1' }] });
    expect((await fileOnDisk()).profiles[0].baseUrl).toBe('http://127.0.0.1:9/v1');
  });
});

describe('profiles', () => {
  it('creates, copies, renames, switches and deletes; connection settings are per profile, theme is global', async () => {
    const settings = await createSettingsStore({ dir, initialBaseUrl: 'https://prod.example.com/v1' });
    await settings.update({ plan: 'pro', proxy: 'http://proxy.example.com:3128', theme: 'dark' });

    const staging = await settings.create('Staging', 'default');
    const empty = await settings.create('Development', null);
    expect(staging.profiles.map((p) => p.name)).toEqual(['Default', 'Staging']);

    await settings.switchTo(staging.created);
    expect(settings.get()).toMatchObject({ profileName: 'Staging', baseUrl: 'https://prod.example.com/v1', plan: 'pro', proxy: 'http://proxy.example.com:3128' });
    expect(settings.proxy()).toBe('http://proxy.example.com:3128');
    await settings.update({ baseUrl: 'https://staging.example.com/v1', proxy: null, theme: 'light' });

    await settings.switchTo(empty.created);
    expect(settings.get()).toMatchObject({ profileName: 'Development', baseUrl: '', plan: 'free', proxy: null, theme: 'light' });

    await settings.switchTo('default');
    expect(settings.get()).toMatchObject({ baseUrl: 'https://prod.example.com/v1', proxy: 'http://proxy.example.com:3128', theme: 'light' });

    await settings.rename(staging.created, 'Pre-production');
    await expect(settings.rename(empty.created, 'pre-PRODUCTION')).rejects.toMatchObject({ code: 'profile.name_taken', values: { name: 'pre-PRODUCTION' } });
    await expect(settings.create('Default', null)).rejects.toMatchObject({ code: 'profile.name_taken', values: { name: 'Default' } });

    // Deleting the active profile makes the first remaining one active.
    await settings.switchTo(empty.created);
    const left = await settings.remove(empty.created);
    expect(left).toEqual({
      activeId: 'default',
      profiles: [
        { id: 'default', name: 'Default', baseUrl: 'https://prod.example.com/v1' },
        { id: staging.created, name: 'Pre-production', baseUrl: 'https://staging.example.com/v1' },
      ],
    });
    await expect(settings.switchTo(empty.created)).rejects.toMatchObject({ code: 'profile.gone' });

    // Everything survives a restart.
    const reopened = await createSettingsStore({ dir });
    expect(reopened.list()).toEqual(left);
  });

  it('keeps at most MAX_PROFILES profiles, saying what to do', async () => {
    const settings = await createSettingsStore({ dir });
    for (let n = 1; n < MAX_PROFILES; n++) await settings.create(`Profile ${n}`, null);
    await expect(settings.create('One too many', null)).rejects.toMatchObject({ code: 'profile.limit', values: { count: 50 } });
    expect(settings.list().profiles).toHaveLength(MAX_PROFILES);
  });

  it('never deletes the last profile', async () => {
    const settings = await createSettingsStore({ dir });
    await expect(settings.remove('default')).rejects.toMatchObject({ code: 'profile.last' });
    expect(settings.list().profiles).toHaveLength(1);
  });
});

describe('a plan refusal answered with Switch this profile to Free', () => {
  it("sets that profile's plan only, and tells every watcher when it is the profile in use", async () => {
    const settings = await createSettingsStore({ dir });
    await settings.update({ plan: 'pro' });
    const { created } = await settings.create('Staging', settings.get().profileId);
    const heard: string[] = [];
    const watching = new AbortController();
    void settings.watch((next) => heard.push(`${next.profileName}:${next.plan}`), watching.signal);

    // Another profile's refusal (the user switched since): the one in use keeps Pro, and no window is told of a change.
    await settings.setFree(created);
    expect(settings.get().plan).toBe('pro');
    expect(heard).toEqual(['Default:pro']);
    await settings.switchTo(created);
    expect(settings.get().plan).toBe('free');

    await settings.switchTo((await fileOnDisk()).profiles[0].id);
    await settings.setFree(settings.get().profileId);
    expect(heard).toEqual(['Default:pro', 'Default:free']);
    expect((await fileOnDisk()).profiles.map((profile: { plan: string }) => profile.plan)).toEqual(['free', 'free']);
    watching.abort();
  });
});
