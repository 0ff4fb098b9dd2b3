import { describe, expect, it } from 'vitest';
import type { ConnectionOutcome, Settings } from '../../../../shared/contract/settings';
import { createKeychain } from '../../../../electron/core/services/keys/keychain';
import { createKeyStore } from '../../../../electron/core/services/keys/key-store';
import { createPendingDeletions } from '../../../../electron/core/services/keys/pending-deletions';
import { createProfileKeys } from '../../../../electron/core/services/keys/profile-keys';
import { targetOf } from '../../../../electron/core/services/mcp/server-target';
import type { ServerConfigs } from '../../../../electron/core/services/mcp/server-configs';
import { memoryKeytar } from '../../../support/memory-keytar';

const KEY = 'sk-origin-bound-ABCD';

function setup(baseUrl = 'https://api.example.com/v1') {
  const settings: Settings = {
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
    profileId: 'p1',
    profileName: 'Production',
    unsaved: null,
  };
  const probes: Array<{ key: string; baseUrl: string }> = [];
  let probeAnswer: ConnectionOutcome = { ok: true, model: 'default', latencyMs: 1 };
  let now = new Date('2026-01-01T00:00:00Z');
  const keytar = memoryKeytar();
  const keys = createProfileKeys({
    keys: createKeyStore({ keychain: createKeychain({ keytar, service: 'test' }), accountPrefix: '/data', deletions: createPendingDeletions(async () => undefined) }),
    settings: { get: () => settings },
    probe: async (key, url) => {
      probes.push({ key, baseUrl: url });
      return probeAnswer;
    },
    now: () => now,
  });
  return {
    keys,
    keytar,
    settings,
    probes,
    answer: (outcome: ConnectionOutcome) => (probeAnswer = outcome),
    advance: (days: number) => (now = new Date(now.getTime() + days * 86_400_000)),
  };
}

describe('a key belongs to the origin it was saved for', () => {
  it('is given for URLs on that origin only: other host, port or scheme get none', async () => {
    const { keys } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    expect((await keys.keyFor('https://api.example.com/v1/chat/completions')).key).toBe(KEY);
    expect((await keys.keyFor('https://api.example.com/mcp')).key).toBe(KEY);
    for (const elsewhere of [
      'https://evil.example.net/v1/chat/completions',
      'https://api.example.com:8443/v1/chat/completions',
      'http://api.example.com/v1/chat/completions',
      'https://api.example.com.evil.net/v1',
      'not a url',
      null,
    ]) {
      expect(await keys.keyFor(elsewhere)).toEqual({ key: null, origin: 'https://api.example.com' });
    }
  });

  it('moving the base URL to another origin leaves that origin without a key, and says so', async () => {
    const { keys, settings } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    settings.baseUrl = 'https://staging.example.com/v1';
    expect((await keys.keyFor(settings.baseUrl)).key).toBeNull();
    expect(await keys.status()).toMatchObject({
      stored: true,
      usable: false,
      origin: 'https://api.example.com',
      currentOrigin: 'https://staging.example.com',
    });
    // Moving back finds the key again: it was never rebound.
    settings.baseUrl = 'https://api.example.com/v1/';
    expect((await keys.status()).usable).toBe(true);
  });

  it('a key entered for the new origin is tried there first, like any key, and saved for it', async () => {
    const { keys, settings, probes } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    settings.baseUrl = 'https://staging.example.com/v1';
    const change = await keys.setKey('sk-staging-EFGH', { memoryOnly: false });
    expect(change.refused).toBeNull();
    expect(change.status).toMatchObject({ usable: true, origin: 'https://staging.example.com', last4: 'EFGH' });
    expect(probes.at(-1)).toEqual({ key: 'sk-staging-EFGH', baseUrl: 'https://staging.example.com/v1' });
  });

  it('a first key the service refuses is not stored', async () => {
    const { keys, answer } = setup();
    const failure = { kind: 'auth', reason: 'expired_api_key', status: 401, code: 'expired_api_key', message: 'expired', host: 'api.example.com', retryAfterSeconds: null } as const;
    answer({ ok: false, failure });
    const change = await keys.setKey('sk-expired-QRST', { memoryOnly: false });
    expect(change.refused).toEqual(failure);
    expect(change.status).toMatchObject({ stored: false, last4: null });
    expect((await keys.keyFor('https://api.example.com/v1')).key).toBeNull();
  });

  it('the service MCP server gets the key only on the key origin; elsewhere it needs its own credentials', async () => {
    const { keys } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    const configs = {} as ServerConfigs;
    const server = { id: 'service', name: 'Service', stored: null };
    let mcpUrl = 'https://api.example.com/mcp';
    const service = { url: () => mcpUrl, apiKey: (url: string) => keys.keyFor(url) };

    expect(await targetOf(server, { configs, service })).toEqual({
      ok: true,
      target: { type: 'http', url: mcpUrl, headers: { Authorization: `Bearer ${KEY}` } },
    });
    mcpUrl = 'https://tools.example.org/mcp';
    const off = await targetOf(server, { configs, service });
    expect(off.ok).toBe(false);
    expect(JSON.stringify(off)).not.toContain(KEY);
    expect(!off.ok && off.problem.why).toEqual({ code: 'mcp.key_for_other_address', values: { host: 'tools.example.org', origin: expect.any(String) } });
  });

  it('refuses to save a key before a base URL says which origin it is for', async () => {
    const { keys } = setup('');
    await expect(keys.setKey(KEY, { memoryOnly: false })).rejects.toMatchObject({ code: 'key.no_base_url' });
  });
});

describe('rotating a key', () => {
  it('tests the candidate against the base URL first; a refused one leaves the old key in place', async () => {
    const { keys, probes, answer } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    const failure = { kind: 'auth', reason: 'expired_api_key', status: 401, code: 'expired_api_key', message: 'expired', host: 'api.example.com', retryAfterSeconds: null } as const;
    answer({ ok: false, failure });
    const refused = await keys.setKey('sk-revoked-WXYZ', { memoryOnly: false });
    expect(refused.refused).toEqual(failure);
    expect(refused.status.last4).toBe('ABCD');
    expect((await keys.keyFor('https://api.example.com/v1')).key).toBe(KEY);
    expect(probes.at(-1)).toEqual({ key: 'sk-revoked-WXYZ', baseUrl: 'https://api.example.com/v1' });

    answer({ ok: true, model: 'default', latencyMs: 3 });
    expect((await keys.setKey('sk-fresh-key-JKLM', { memoryOnly: false })).refused).toBeNull();
    expect((await keys.keyFor('https://api.example.com/v1')).key).toBe('sk-fresh-key-JKLM');
  });

  it('reports the key age from its saved date and reminds after the chosen period, or never when off', async () => {
    const { keys, settings, advance } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    expect(await keys.status()).toMatchObject({ savedAt: '2026-01-01T00:00:00.000Z', ageDays: 0, rotationDue: false });
    advance(89);
    expect(await keys.status()).toMatchObject({ ageDays: 89, rotationDue: false });
    advance(1);
    expect(await keys.status()).toMatchObject({ ageDays: 90, rotationDue: true });
    settings.keyReminderDays = null;
    expect((await keys.status()).rotationDue).toBe(false);
  });

  it('keeps the key, its origin and its date in one keychain secret, so one write changes all three', async () => {
    const { keys, keytar } = setup();
    await keys.setKey(KEY, { memoryOnly: false });
    expect([...keytar.entries.keys()]).toEqual(['test\u0000/data#p1']);
    expect(JSON.parse([...keytar.entries.values()][0]!)).toEqual({
      key: KEY,
      origin: 'https://api.example.com',
      savedAt: '2026-01-01T00:00:00.000Z',
    });
  });
});
