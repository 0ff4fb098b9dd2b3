import { describe, expect, it, vi } from 'vitest';
import { buildClient } from '../../../shared/contract/client';
import type { ContractDef } from '../../../shared/contract/define';

const bridge = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(async (_channel: string, _payload: unknown): Promise<unknown> => ({ ok: true, value: undefined })),
  on: vi.fn(),
  removeListener: vi.fn(),
  /** The path webUtils knows for a File, by name; a File made in the page has none. */
  paths: new Map<string, string>(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => bridge.exposed.set(key, api) },
  ipcRenderer: { invoke: bridge.invoke, on: bridge.on, removeListener: bridge.removeListener },
  webUtils: { getPathForFile: (file: File) => bridge.paths.get(file.name) ?? '' },
}));

// The app contract has no stream yet; one is added so the stream wiring is exercised too.
vi.mock('../../../shared/contract', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../shared/contract')>();
  const { stream: defineStream } = await import('../../../shared/contract/define');
  const { z: zod } = await import('zod');
  return { contract: { ...original.contract, demo: { ticks: defineStream(zod.object({}), zod.object({ n: zod.number() })) } } };
});

await import('../../../electron/shell/preload');
const { contract } = await import('../../../shared/contract');

/** Functions become 'function', objects keep their keys: the API's shape without its identity. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

const api = () => bridge.exposed.get('confab') as Record<string, Record<string, any>>;

describe('preload', () => {
  it('exposes exactly one key, confab', () => {
    expect([...bridge.exposed.keys()]).toEqual(['confab']);
  });

  // Equal shapes also mean nothing else (no raw ipcRenderer, no invoke) is on the object.
  it('has the shape buildClient gives the contract, plus the file intake: a function per call, start/cancel/subscribe per stream', () => {
    const reference = buildClient(contract as ContractDef, { invoke: vi.fn(), listen: vi.fn() });
    expect(shape(api())).toEqual({ ...(shape(reference) as object), files: { stageFile: 'function', sendChunk: 'function' } });
    for (const [area, defs] of Object.entries(contract as ContractDef)) {
      for (const [name, def] of Object.entries(defs as ContractDef[string])) {
        const member = api()[area]![name];
        if (def.kind === 'call') expect(typeof member).toBe('function');
        else expect(Object.keys(member).sort()).toEqual(['cancel', 'start', 'subscribe']);
      }
    }
  });

  it('calls go through ipcRenderer.invoke and are unwrapped', async () => {
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: { stored: false } });
    await expect(api().secrets!.status()).resolves.toEqual({ stored: false });
    expect(bridge.invoke).toHaveBeenLastCalledWith('secrets:status', undefined);

    bridge.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'invalid_payload', message: 'Enter an API key.' } });
    await expect(api().secrets!.setKey({ key: '' })).rejects.toThrow('Enter an API key.');
  });

  it('subscribe hands the listener only the payload, and its unsubscribe calls removeListener', () => {
    const listener = vi.fn();
    const unsubscribe = api().demo!.ticks.subscribe(listener);

    expect(bridge.on).toHaveBeenCalledOnce();
    const [channel, forward] = bridge.on.mock.calls[0]!;
    expect(channel).toBe('demo:ticks:event');

    const message = { id: 'stream-1', event: { n: 1 } };
    forward({ sender: 'the IpcRendererEvent', ports: [] }, message);
    expect(listener.mock.calls).toEqual([[message]]);

    expect(unsubscribe()).toBeUndefined();
    expect(bridge.removeListener).toHaveBeenCalledExactlyOnceWith('demo:ticks:event', forward);
  });

  it('stream start and cancel use the contract channels', async () => {
    bridge.invoke.mockResolvedValueOnce({ ok: true, value: { id: 'stream-1' } });
    await expect(api().demo!.ticks.start({})).resolves.toEqual({ id: 'stream-1' });
    expect(bridge.invoke).toHaveBeenLastCalledWith('demo:ticks', {});
    await api().demo!.ticks.cancel('stream-1');
    expect(bridge.invoke).toHaveBeenLastCalledWith('demo:ticks:cancel', { id: 'stream-1' });
  });

  describe('files', () => {
    const staged = { ok: true, file: { fileId: 'f-1', name: 'talk.mp3', size: 3, format: 'mp3', mimeType: 'audio/mpeg' } };

    it('hands main the path of a file the user dropped, never its bytes', async () => {
      bridge.paths.set('talk.mp3', '/home/ann/Recordings/talk.mp3');
      bridge.invoke.mockResolvedValueOnce({ ok: true, value: staged });
      const file = new File([new Uint8Array([1, 2, 3])], 'talk.mp3');
      await expect(api().files!.stageFile(file, { name: 'talk.mp3', purpose: 'original' })).resolves.toEqual(staged);
      expect(bridge.invoke).toHaveBeenLastCalledWith('files:stagePath', { path: '/home/ann/Recordings/talk.mp3', name: 'talk.mp3', purpose: 'original' });
    });

    it('sends a Blob made in the page (no path) as its bytes, binary', async () => {
      bridge.invoke.mockResolvedValueOnce({ ok: true, value: staged });
      await api().files!.stageFile(new File([new Uint8Array([7, 8])], 'made.webm'), { name: 'part 1.webm', purpose: 'original' });
      expect(bridge.invoke).toHaveBeenLastCalledWith('files:stageBytes', { bytes: new Uint8Array([7, 8]), name: 'part 1.webm', purpose: 'original' });
      bridge.invoke.mockResolvedValueOnce({ ok: true, value: staged });
      await api().files!.stageFile(new Blob(['Long pasted text']), { name: 'Pasted text', purpose: 'paste' });
      expect(bridge.invoke).toHaveBeenLastCalledWith('files:stageBytes', { bytes: new TextEncoder().encode('Long pasted text'), name: 'Pasted text', purpose: 'paste' });
    });

    it("passes main's refusal on as an error with its words", async () => {
      bridge.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'forbidden_sender', message: 'This request did not come from the Confab window.' } });
      await expect(api().files!.stageFile(new Blob([new Uint8Array([1])]), { name: 'x.wav', purpose: 'original' })).rejects.toThrow('did not come from the Confab window');
    });

    it("sends a recording's chunk as one binary message on its channel and answers main's outcome", async () => {
      const pcm = new Uint8Array([1, 0, 255, 127]);
      bridge.invoke.mockResolvedValueOnce({ ok: true, value: { ok: true } });
      await expect(api().files!.sendChunk({ id: 'r-1', seq: 3, pcm })).resolves.toEqual({ ok: true });
      expect(bridge.invoke).toHaveBeenLastCalledWith('recording:chunk', { id: 'r-1', seq: 3, pcm });
      expect((bridge.invoke.mock.lastCall![1] as { pcm: unknown }).pcm).toBeInstanceOf(Uint8Array);
      bridge.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'invalid_payload', message: 'Expected Uint8Array.' } });
      await expect(api().files!.sendChunk({ id: 'r-1', seq: 4, pcm: 'AAE=' })).rejects.toMatchObject({ code: 'invalid_payload' });
    });
  });
});
