import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { McpServerView } from '../../../../shared/contract/mcp';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { memoryKeytar } from '../../../support/memory-keytar';
import { type Driver, STDIO_SERVER, scriptedConsent, startCore } from '../../../support/tool-driver';

// A local MCP server runs a program: main asks the user first (here a scripted stand-in for
// the dialog or terminal), and what the page asked for never starts without that yes.
let fake: FakeService;
let folder: string;
const opened: Driver[] = [];

beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'confab-consent-'));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
  await rm(folder, { recursive: true, force: true });
});

async function open(answer: boolean, dir?: string, keytar?: ReturnType<typeof memoryKeytar>) {
  const app = await startCore(fake, { consent: scriptedConsent(answer), dir: dir ?? join(folder, 'data'), keytar });
  opened.push(app);
  return app;
}

const marker = () => join(folder, 'started');
const local = (extra: string[] = []) => ({
  name: 'Notes',
  transport: { type: 'stdio', command: STDIO_SERVER.command, args: [...STDIO_SERVER.args, '--mark-start', marker(), ...extra], env: [{ name: 'NOTES_TOKEN', value: 'secret-value-9876' }] },
});

describe('starting a local MCP server', () => {
  it('does not run the command when the user refuses, and says why', async () => {
    const app = await open(false);
    const added = await app.invoke<McpServerView>('mcp:add', local());
    expect(added.status).toEqual({
      state: 'failed',
      problem: expect.objectContaining({ reason: 'refused', why: { code: 'mcp.not_allowed', values: expect.objectContaining({ where: 'terminal' }) } }),
    });
    expect(existsSync(marker())).toBe(false);
    // The user saw the exact command, arguments and variable names, never the value.
    expect(app.consent.requests).toEqual([
      { kind: 'startProgram', serverName: 'Notes', command: STDIO_SERVER.command, args: [...STDIO_SERVER.args, '--mark-start', marker()], envNames: ['NOTES_TOKEN'] },
    ]);
    expect(JSON.stringify(app.consent.requests)).not.toContain('secret-value-9876');
    // Listing leaves a refused server alone; Reconnect asks again, and still nothing runs.
    const listed = await app.invoke<McpServerView[]>('mcp:list');
    expect(listed.find((server) => server.id === added.id)?.status.state).toBe('failed');
    await app.invoke('mcp:reconnect', { id: added.id });
    expect(app.consent.requests).toHaveLength(2);
    expect(existsSync(marker())).toBe(false);
  });

  it('shows that it waits for the confirmation, then starts once the user says yes', async () => {
    let answer!: (yes: boolean) => void;
    const consent = { ...scriptedConsent(), ask: () => new Promise<boolean>((resolve) => (answer = resolve)) };
    const app = await startCore(fake, { consent, dir: join(folder, 'data') });
    opened.push(app);
    const adding = app.invoke<McpServerView>('mcp:add', local());
    await expect
      .poll(async () => (await app.invoke<McpServerView[]>('mcp:list')).find((server) => server.name === 'Notes')?.status, { timeout: 10_000 })
      .toEqual({ state: 'awaitingConsent', notice: { code: 'mcp.awaiting_consent', values: { where: 'terminal' } } });
    expect(existsSync(marker())).toBe(false);
    answer(true);
    expect((await adding).status).toMatchObject({ state: 'connected' });
    expect(existsSync(marker())).toBe(true);
  });

  it('starts an unchanged server after a restart without asking, and asks again when its command changes', async () => {
    const keytar = memoryKeytar();
    const dir = join(folder, 'data');
    const first = await open(true, dir, keytar);
    const { id } = await first.invoke<McpServerView>('mcp:add', local());
    expect(first.consent.requests).toHaveLength(1);
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    await rm(marker());

    // A refusing consent proves nothing is asked: the remembered yes is enough.
    const second = await open(false, dir, keytar);
    const [, server] = await second.invoke<McpServerView[]>('mcp:list');
    await expect.poll(async () => (await second.invoke<McpServerView[]>('mcp:list')).find((s) => s.id === id)?.status.state, { timeout: 10_000 }).toBe('connected');
    expect(server?.id).toBe(id);
    expect(second.consent.requests).toEqual([]);
    expect(existsSync(marker())).toBe(true);
    await rm(marker());

    // One more argument is another program: asked again, refused, not run.
    const updated = await second.invoke<McpServerView>('mcp:update', { id, ...local(['--verbose']) });
    expect(updated.status).toMatchObject({ state: 'failed', problem: { reason: 'refused' } });
    expect(second.consent.requests).toHaveLength(1);
    expect(existsSync(marker())).toBe(false);

    // The same program with a new variable value (never shown in the question) asks again too:
    // a value such as NODE_OPTIONS could change what runs.
    second.consent.answer = true;
    await second.invoke('mcp:update', { id, ...local() });
    await rm(marker());
    second.consent.answer = false;
    const revalued = { ...local(), transport: { ...local().transport, env: [{ name: 'NOTES_TOKEN', value: '--require ./evil.js' }] } };
    expect((await second.invoke<McpServerView>('mcp:update', { id, ...revalued })).status).toMatchObject({ state: 'failed', problem: { reason: 'refused' } });
    expect(second.consent.requests).toHaveLength(3);
    expect(existsSync(marker())).toBe(false);
    // Leaving values out (keeping the stored ones) changes nothing that runs: no question.
    second.consent.answer = true;
    await second.invoke('mcp:update', { id, ...local() });
    const kept = { ...local(), transport: { ...local().transport, env: [{ name: 'NOTES_TOKEN' }] } };
    expect((await second.invoke<McpServerView>('mcp:update', { id, ...kept })).status).toMatchObject({ state: 'connected' });
    expect(second.consent.requests).toHaveLength(4);
  });

  it('refuses every program when no one can be asked (no consent injected)', async () => {
    const { createCore } = await import('../../../../electron/core/core');
    const core = await createCore({ userDataDir: join(folder, 'bare'), initialBaseUrl: fake.baseUrl, keytar: memoryKeytar() });
    try {
      const result = await core.router.invoke('mcp:add', { ...local(), transport: { ...local().transport, env: [] } }, { send: () => undefined });
      expect(result).toMatchObject({ ok: true, value: { status: { state: 'failed', problem: { reason: 'refused' } } } });
      expect(existsSync(marker())).toBe(false);
    } finally {
      await core.close();
    }
  });
});
