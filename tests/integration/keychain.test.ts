import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import * as keytar from '@napi-rs/keyring/keytar.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../electron/services/keychain';

// These talk to a real Secret Service: `npm test` runs inside a private D-Bus session with
// gnome-keyring (tests/with-keyring.sh). Each test uses its own service name.
const service = `confab-test-${randomUUID()}`;
afterEach(async () => {
  await keytar.deletePassword(service, 'api-key').catch(() => undefined);
});

describe('key store on the OS keychain', () => {
  it('stores, replaces and deletes the key, reporting only the last four characters', async () => {
    const keys = createKeyStore({ keytar, service });
    expect(await keys.status()).toMatchObject({ stored: false, last4: null, storage: 'none', keychainAvailable: true });

    const first = await keys.set('sk-first-secret-AAAA', { memoryOnly: false });
    expect(first).toEqual({
      stored: true,
      last4: 'AAAA',
      storage: 'keychain',
      keychainAvailable: true,
      keychainProblem: null,
      warning: null,
    });
    expect(await keytar.getPassword(service, 'api-key')).toBe('sk-first-secret-AAAA');
    expect(JSON.stringify(first)).not.toContain('first-secret');

    await keys.set('sk-second-secret-BBBB', { memoryOnly: false });
    expect(await keys.read()).toBe('sk-second-secret-BBBB');
    // A fresh store (a new app run) finds the key in the keychain.
    expect((await createKeyStore({ keytar, service }).status()).last4).toBe('BBBB');

    expect(await keys.remove()).toMatchObject({ stored: false, storage: 'none' });
    expect(await keytar.getPassword(service, 'api-key')).toBeNull();
  });

  it('accepts a key without the sk- prefix, with a warning', async () => {
    const keys = createKeyStore({ keytar, service });
    const status = await keys.set('not-a-service-key-1234', { memoryOnly: false });
    expect(status.stored).toBe(true);
    expect(status.warning).toMatch(/does not start with "sk-"/);
  });
});

describe('key store without a Secret Service', () => {
  it('says so and holds a this-run-only key in memory, never in the keychain', async () => {
    // A child process whose D-Bus address leads nowhere is a Linux desktop without a keyring.
    const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['tests/integration/fixtures/keystore-without-keychain.ts', service], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/confab-bus', XDG_RUNTIME_DIR: '/nonexistent' },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.before).toMatchObject({ stored: false, keychainAvailable: false });
    expect(result.before.keychainProblem).toMatch(/No system keychain is available/);
    expect(result.refused).toMatch(/The key was not saved/);
    expect(result.after).toMatchObject({ stored: true, storage: 'memory', last4: 'CCCC' });
    expect(result.read).toBe('sk-memory-only-CCCC');
    expect(await keytar.getPassword(service, 'api-key')).toBeNull();
  });
});
