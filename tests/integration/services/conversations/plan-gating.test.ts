import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import { startFakeService, type FakeService } from '../../../fake-service/server';
import { memoryKeytar } from '../../../support/memory-keytar';
import { removeFolder } from '../../../support/temp-folder';

// Main decides what the plan allows: a page that sends Pro options on Free (hostile, or stale
// after a plan change) is refused before anything is stored or sent to the service.
let fake: FakeService;
let core: Core;
let dataDir: string;
const sink = { send: () => undefined };
const invoke = (channel: string, payload?: unknown) => core.router.invoke(channel, payload, sink);

beforeAll(async () => {
  fake = await startFakeService();
  dataDir = await mkdtemp(path.join(tmpdir(), 'confab-plan-'));
  core = await createCore({ userDataDir: dataDir, initialBaseUrl: fake.baseUrl, keytar: memoryKeytar() });
  await invoke('secrets:setKey', { key: fake.keys.free, memoryOnly: true });
});
afterAll(async () => {
  await core.close();
  await fake.close();
  await removeFolder(dataDir);
});

const options = (change: Record<string, unknown>) => ({ model: 'default', temperature: null, maxTokens: null, stream: true, ...change });

describe('plan gating in main', () => {
  it.each([
    ['a Pro model', { model: 'pro-large' }, { code: 'plan.model_not_allowed', values: { model: 'pro-large' } }],
    ['JSON mode', { jsonMode: true }, { code: 'plan.json_mode_not_allowed', values: {} }],
    ['tools', { tools: ['service/search'] }, { code: 'plan.tools_not_allowed', values: {} }],
  ])('refuses %s on Free, storing and sending nothing', async (_name, change, problem) => {
    const requests = fake.requests.length;
    const result = await invoke('conversations:send', { conversationId: null, text: 'Hello', options: options(change) });
    expect(result).toMatchObject({ ok: false, error: { code: 'handler_failed', problem } });
    expect(await invoke('history:list')).toEqual({ ok: true, value: [] });
    expect(fake.requests.length).toBe(requests);
  });

  it('sends the free model on Free, and a Pro model once the plan is Pro', async () => {
    expect(await invoke('conversations:send', { conversationId: null, text: 'Hello', options: options({}) })).toMatchObject({ ok: true });
    await invoke('settings:update', { plan: 'pro' });
    expect(await invoke('conversations:send', { conversationId: null, text: 'Hello', options: options({ model: 'pro-large' }) })).toMatchObject({ ok: true });
  });
});
