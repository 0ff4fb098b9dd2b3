import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import * as keytar from '@napi-rs/keyring/keytar.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import type { EventSink } from '../../../electron/core/router';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { removeFolder } from '../../support/temp-folder';

// The core as main runs it (real keychain, real HTTP), driven through its router like IPC does.
let fake: FakeService;
let core: Core;
let dataDir: string;
const sink: EventSink = { send: () => undefined };
const invoke = async (channel: string, payload?: unknown) => {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Record<string, unknown>;
};

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(join(tmpdir(), `confab-core-${randomUUID()}-`));
  core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, keytar });
});
afterAll(async () => {
  await invoke('secrets:deleteKey');
  await core.close();
  await fake.close();
  await removeFolder(dataDir);
});

describe('Test connection', () => {
  it('reports missing_api_key when no key is stored, sending no Authorization header', async () => {
    expect(await invoke('settings:testConnection')).toMatchObject({
      ok: false,
      failure: { kind: 'auth', status: 401, code: 'missing_api_key' },
    });
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('succeeds with a valid key using one minimal request', async () => {
    await invoke('secrets:setKey', { key: fake.keys.free });
    expect(await invoke('settings:testConnection')).toMatchObject({ ok: true, model: 'default' });
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${fake.keys.free}`);
    expect(request.body).toEqual({ model: 'default', messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
  });

  it.each([
    ['an unknown key', 'sk-unknown-key-0000', 'invalid_api_key'],
    ['an expired key', () => fake.keys.expired, 'expired_api_key'],
    ['a revoked key', () => fake.keys.revoked, 'expired_api_key'],
  ])('refuses %s as a first key, with its code and the server message, and stores nothing', async (_name, key, code) => {
    await invoke('secrets:deleteKey');
    const candidate = typeof key === 'function' ? key() : key;
    const change = await invoke('secrets:setKey', { key: candidate });
    expect(change).toMatchObject({ refused: { kind: 'auth', code }, status: { stored: false } });
    expect((change.refused as { message: string }).message.length).toBeGreaterThan(10);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${candidate}`);
    expect(await invoke('settings:testConnection')).toMatchObject({ ok: false, failure: { code: 'missing_api_key' } });
  });

  it('reports a stored key the service refuses later with its code and the server message', async () => {
    await invoke('secrets:deleteKey');
    fake.issueKey('sk-revoked-after-saving-0000');
    await invoke('secrets:setKey', { key: 'sk-revoked-after-saving-0000' });
    fake.withdrawKey('sk-revoked-after-saving-0000');
    const outcome = await invoke('settings:testConnection');
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'auth', code: 'invalid_api_key' } });
    expect((outcome.failure as { message: string }).message.length).toBeGreaterThan(10);
  });

  it('refuses to replace a working key with one the service refuses, keeping the old key', async () => {
    await invoke('secrets:deleteKey');
    await invoke('secrets:setKey', { key: fake.keys.free });
    const change = await invoke('secrets:setKey', { key: fake.keys.revoked });
    expect(change).toMatchObject({ refused: { kind: 'auth', code: 'expired_api_key' }, status: { last4: fake.keys.free.slice(-4) } });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.keys.revoked}`);
    expect(await invoke('settings:testConnection')).toMatchObject({ ok: true });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fake.keys.free}`);
  });

  it('sends the key to no other origin: a base URL on another port gets no Authorization header', async () => {
    const other = await startFakeService();
    try {
      await invoke('settings:update', { baseUrl: other.baseUrl });
      expect(await invoke('secrets:status')).toMatchObject({ stored: true, usable: false, currentOrigin: new URL(other.baseUrl).origin });
      expect(await invoke('settings:testConnection')).toMatchObject({ ok: false, failure: { code: 'missing_api_key' } });
      expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
    } finally {
      await invoke('settings:update', { baseUrl: fake.baseUrl });
      await other.close();
    }
  });

  it('shows another status with the server\'s own message', async () => {
    await invoke('secrets:setKey', { key: fake.keys.pro });
    fake.chat.next({ status: 503, errorBody: { error: { message: 'Maintenance until noon', type: 'server_error' } } });
    expect(await invoke('settings:testConnection')).toMatchObject({
      ok: false,
      failure: { kind: 'server', status: 503, message: 'Maintenance until noon' },
    });
  });

  it('names the host on a network error', async () => {
    await invoke('settings:update', { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(await invoke('settings:testConnection')).toMatchObject({
      ok: false,
      failure: { kind: 'network', host: '127.0.0.1:9', reason: 'unreachable', values: { host: '127.0.0.1:9', detail: expect.any(String) as string } },
    });
    await invoke('settings:update', { baseUrl: fake.baseUrl });
  });

  it('keeps settings across restarts and never writes the key to the data folder', async () => {
    await invoke('settings:update', { plan: 'pro', mcpUrl: 'http://127.0.0.1:1234/custom-mcp' });
    const stored = await readFile(join(dataDir, 'settings.json'), 'utf8');
    expect(stored).toContain('custom-mcp');
    expect(stored).not.toContain(fake.keys.pro);
    await core.close();
    core = await createCore({ userDataDir: dataDir, keytar });
    expect(await invoke('settings:get')).toMatchObject({ plan: 'pro', mcpUrl: 'http://127.0.0.1:1234/custom-mcp', baseUrl: fake.baseUrl });
  });
});
