import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { contract } from '../../../shared/contract';
import { buildClient } from '../../../shared/contract/client';
import { invokableChannels, listChannels } from '../../../shared/contract/define';
import { createCore } from '../../../electron/core/core';
import { startWebApp, type WebApp } from '../../support/web-app';
import { testFolder } from '../../support/temp-folder';

// One contract, four bindings: schemas in shared/, handlers in main, the client the preload
// exposes, and the browser bridge. A channel missing from any of them fails here.
const channels = invokableChannels(contract);

describe('the IPC contract', () => {
  it('declares runtime schemas for every call and stream', () => {
    expect(listChannels(contract).length).toBeGreaterThan(0);
    for (const { def } of listChannels(contract)) {
      expect(def.input).toBeInstanceOf(z.ZodType);
      expect(def.kind === 'call' ? def.output : def.event).toBeInstanceOf(z.ZodType);
    }
  });

  it('has a main-process handler for every channel, and no other', async () => {
    const core = await createCore({ userDataDir: await testFolder('confab-contract-') });
    expect([...core.router.channels].sort()).toEqual([...channels].sort());
    await core.close();
  });

  it('gives the renderer client (what the preload exposes) a binding for every channel', async () => {
    const reached: string[] = [];
    const client = buildClient(contract, {
      invoke: async (channel) => {
        reached.push(channel);
        return { ok: true, value: { id: 'x' } };
      },
      listen: (channel) => {
        reached.push(channel);
        return () => undefined;
      },
    });
    for (const [area, defs] of Object.entries(client)) {
      for (const [name, binding] of Object.entries(defs as Record<string, unknown>)) {
        if (typeof binding === 'function') await binding(undefined);
        else {
          const streamBinding = binding as { start(i: unknown): Promise<unknown>; cancel(id: string): Promise<void>; subscribe(l: () => void): () => void };
          await streamBinding.start(undefined);
          await streamBinding.cancel('x');
          streamBinding.subscribe(() => undefined)();
        }
        expect(reached.some((channel) => channel.startsWith(`${area}:${name}`))).toBe(true);
      }
    }
    for (const channel of channels) expect(reached).toContain(channel);
  });
});

describe('the browser bridge', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await startWebApp();
  });
  afterAll(() => app.close());

  it('routes every channel to the validating router (an invalid payload is refused, never unknown)', async () => {
    const ws = new WebSocket(`${app.origin.replace('http', 'ws')}/bridge?token=${app.token}`, { origin: app.origin });
    await new Promise((resolve) => ws.on('open', resolve));
    const answers = new Map<number, { envelope: { ok: boolean; error?: { code: string } } }>();
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      answers.set(frame.seq, frame);
    });
    channels.forEach((channel, seq) => ws.send(JSON.stringify({ type: 'invoke', seq, channel, payload: { unexpected: 1 } })));
    await expect.poll(() => answers.size).toBe(channels.length);
    for (const answer of answers.values()) expect(answer.envelope).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    ws.close();
  });
});
