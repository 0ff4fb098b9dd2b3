import { describe, expect, it, vi } from 'vitest';
import type { ChunkInput } from '../../../../shared/contract/recording';

type Handler = (event: unknown, payload: unknown) => Promise<unknown>;
const ipc = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => ipc.handlers.set(channel, handler),
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
}));

const { attachRecordingChunks } = await import('../../../../electron/shell/platform/recording-chunks');

// Main's side of a recording's chunks in Electron: one binary IPC message per chunk, checked and appended.
const appended: ChunkInput[] = [];
const recording = {
  append: vi.fn(async (input: ChunkInput) => {
    appended.push(input);
    return input.seq === 9 ? { ok: false as const, problem: { code: 'recording.disk_full', values: { folder: '/data' } } } : { ok: true as const };
  }),
};
const mainFrame = { url: 'app://confab/index.html', parent: null };
const dispose = attachRecordingChunks(recording, { mainFrame } as never);
const send = (payload: unknown, frame: unknown = mainFrame) => ipc.handlers.get('recording:chunk')!({ senderFrame: frame }, payload);
const pcm = new Uint8Array([0x10, 0x00, 0xf0, 0xff]);

describe('recording chunks (Electron)', () => {
  it("appends a chunk from the app window, bytes intact, and answers the core's outcome", async () => {
    expect(await send({ id: 'rec-1', seq: 0, pcm })).toEqual({ ok: true, value: { ok: true } });
    expect(appended).toEqual([{ id: 'rec-1', seq: 0, pcm }]);
    expect(appended[0]!.pcm).toBeInstanceOf(Uint8Array);
    // A refusal the core words (the disk filled) reaches the page as an outcome, not an error.
    expect(await send({ id: 'rec-1', seq: 9, pcm })).toEqual({ ok: true, value: { ok: false, problem: { code: 'recording.disk_full', values: { folder: '/data' } } } });
  });

  it('refuses a caller other than the app window, and appends nothing', async () => {
    appended.length = 0;
    for (const frame of [{ url: 'https://evil.example/', parent: null }, { ...mainFrame }, null]) {
      expect(await send({ id: 'rec-1', seq: 1, pcm }, frame)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    expect(appended).toEqual([]);
  });

  it('refuses a bad payload, naming the field, and appends nothing', async () => {
    appended.length = 0;
    for (const payload of [
      { id: 'rec-1', seq: 1, pcm: 'EADw/w==' }, // audio inside JSON text
      { id: 'rec-1', seq: 1, pcm: [16, 0] },
      { id: 'rec-1', seq: -1, pcm },
      { id: '', seq: 1, pcm },
      { id: 'rec-1', seq: 1, pcm, path: '/etc/passwd' },
      null,
    ]) {
      expect(await send(payload)).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    }
    expect(await send({ id: 'rec-1', seq: 1, pcm: 'x' })).toMatchObject({ error: { message: expect.stringContaining('pcm') } });
    expect(appended).toEqual([]);
  });

  it('reports a failure of the core as handler_failed', async () => {
    recording.append.mockRejectedValueOnce(new Error('EIO: i/o error, write'));
    expect(await send({ id: 'rec-1', seq: 2, pcm })).toMatchObject({ ok: false, error: { code: 'handler_failed', message: expect.stringContaining('EIO') } });
  });

  it('removes its handler when the window goes', () => {
    dispose();
    expect([...ipc.handlers.keys()]).toEqual([]);
  });
});
