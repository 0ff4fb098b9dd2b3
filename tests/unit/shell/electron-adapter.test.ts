import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, eventChannel, invokableChannels, stream, type ContractDef } from '../../../shared/contract/define';
import { contract as appContract } from '../../../shared/contract';
import { createRouter, type Handlers } from '../../../electron/core/router';

type Handler = (event: unknown, payload: unknown) => unknown;

const ipc = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));

vi.mock('electron', () => ({
  ipcMain: {
    // Like Electron, a second handler for the same channel is an error.
    handle: vi.fn((channel: string, handler: Handler) => {
      if (ipc.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipc.handlers.set(channel, handler);
    }),
    removeHandler: vi.fn((channel: string) => ipc.handlers.delete(channel)),
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
}));

const { attachIpc } = await import('../../../electron/shell/electron-adapter');

const demoContract = {
  demo: {
    echo: call(z.object({ text: z.string() }), z.object({ text: z.string() })),
    ticks: stream(z.object({ count: z.number() }), z.object({ n: z.number() })),
  },
} satisfies ContractDef;

interface Frame {
  url: string;
  parent: Frame | null;
}

class FakeWebContents extends EventEmitter {
  mainFrame: Frame = { url: 'app://confab/index.html', parent: null };
  destroyed = false;
  send = vi.fn();
  isDestroyed = () => this.destroyed;
}

function setup() {
  const echo = vi.fn(async ({ text }: { text: string }) => ({ text }));
  const streamSignals: AbortSignal[] = [];
  const router = createRouter(demoContract, {
    demo: {
      echo,
      ticks: async ({ count }, { emit, signal }) => {
        streamSignals.push(signal);
        for (let n = 1; n <= count; n += 1) emit({ n });
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      },
    },
  });
  const webContents = new FakeWebContents();
  const dispose = attachIpc(router, webContents as never);
  const invoke = (channel: string, payload: unknown, frame: Frame | null = webContents.mainFrame, sender = webContents) =>
    ipc.handlers.get(channel)!({ senderFrame: frame, sender }, payload) as Promise<unknown>;
  return { router, webContents, dispose, invoke, echo, streamSignals };
}

const forbidden = { ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } };

describe('Electron IPC adapter', () => {
  beforeEach(() => ipc.handlers.clear());

  it('registers a handler for every router channel, and the disposer removes them', () => {
    const { router, dispose } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual([...router.channels].sort());
    expect(router.channels.sort()).toEqual(invokableChannels(demoContract).sort());
    dispose();
    expect(ipc.handlers.size).toBe(0);
    // A window opened later (macOS dock click) can attach again.
    expect(() => setup()).not.toThrow();
  });

  it('covers the whole app contract without naming any channel', () => {
    const stubs = Object.fromEntries(
      Object.entries(appContract).map(([area, defs]) => [area, Object.fromEntries(Object.keys(defs).map((name) => [name, vi.fn()]))]),
    ) as unknown as Handlers<typeof appContract>;
    attachIpc(createRouter(appContract, stubs), new FakeWebContents() as never);
    expect([...ipc.handlers.keys()].sort()).toEqual(invokableChannels(appContract).sort());
  });

  it('forwards a call from the app window to the router', async () => {
    const { invoke, echo } = setup();
    await expect(invoke('demo:echo', { text: 'hi' })).resolves.toEqual({ ok: true, value: { text: 'hi' } });
    expect(echo).toHaveBeenCalledExactlyOnceWith({ text: 'hi' });
    // The router's own validation still applies.
    await expect(invoke('demo:echo', { text: 1 })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });

  it('rejects a subframe, a foreign page, a dead frame and another window', async () => {
    const { webContents, invoke, echo } = setup();
    const subframe: Frame = { url: 'app://confab/index.html', parent: webContents.mainFrame };
    const otherWindowFrame: Frame = { url: 'app://confab/index.html', parent: null };

    await expect(invoke('demo:echo', { text: 'x' }, subframe)).resolves.toEqual(forbidden);
    await expect(invoke('demo:echo', { text: 'x' }, null)).resolves.toEqual(forbidden);
    await expect(invoke('demo:echo', { text: 'x' }, otherWindowFrame, new FakeWebContents())).resolves.toEqual(forbidden);

    for (const url of ['https://evil.example/', 'file:///tmp/index.html', 'app://elsewhere/index.html']) {
      webContents.mainFrame.url = url;
      await expect(invoke('demo:echo', { text: 'x' })).resolves.toEqual(forbidden);
    }
    expect(echo).not.toHaveBeenCalled();
  });

  it('sends stream events to the window and stops its streams when it is destroyed', async () => {
    const { webContents, invoke, streamSignals } = setup();
    const started = (await invoke('demo:ticks', { count: 2 })) as { ok: true; value: { id: string } };
    expect(started.ok).toBe(true);
    await vi.waitFor(() => expect(webContents.send).toHaveBeenCalledTimes(2));
    expect(webContents.send.mock.calls).toEqual([
      [eventChannel('demo:ticks'), { id: started.value.id, event: { n: 1 } }],
      [eventChannel('demo:ticks'), { id: started.value.id, event: { n: 2 } }],
    ]);

    webContents.destroyed = true;
    webContents.emit('destroyed');
    expect(streamSignals[0]!.aborted).toBe(true);
  });

  it('does not send to a destroyed window', async () => {
    const { webContents, invoke } = setup();
    webContents.destroyed = true;
    await invoke('demo:ticks', { count: 1 });
    await new Promise((resolve) => setImmediate(resolve)); // streams start on the next turn
    expect(webContents.send).not.toHaveBeenCalled();
  });

  it('stops the window\'s streams when disposed', async () => {
    const { invoke, dispose, streamSignals } = setup();
    await invoke('demo:ticks', { count: 0 });
    await vi.waitFor(() => expect(streamSignals).toHaveLength(1));
    dispose();
    expect(streamSignals[0]!.aborted).toBe(true);
  });
});
