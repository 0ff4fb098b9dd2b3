import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createStaging } from '../../../../electron/core/services/intake/staging';
import { makeWav } from '../../../fake-service/testing';

type Handler = (event: unknown, payload: unknown) => Promise<unknown>;
const ipc = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));
/** The next copies into staging fail with these errno codes, as the disk answers them. */
const disk = vi.hoisted(() => ({ refusals: [] as string[] }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const copyFile: typeof fs.copyFile = async (...args) => {
    const code = disk.refusals.shift();
    if (code) throw Object.assign(new Error(`${code}: the disk refused the write, copyfile`), { code });
    return fs.copyFile(...args);
  };
  return { ...fs, default: { ...fs, copyFile }, copyFile };
});

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => ipc.handlers.set(channel, handler),
    removeHandler: (channel: string) => ipc.handlers.delete(channel),
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
}));

const { attachFileIntake } = await import('../../../../electron/shell/platform/file-intake');

// Main's side of "files by path": the preload sends a path, main copies the file into staging.
const base = mkdtempSync(path.join(tmpdir(), 'confab-intake-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const staging = createStaging(path.join(base, 'staging'));
const mainFrame = { url: 'app://confab/index.html', parent: null };
const webContents = { mainFrame };
const dispose = attachFileIntake(staging, webContents as never);
const send = (channel: string, payload: unknown, frame: unknown = mainFrame) => ipc.handlers.get(channel)!({ senderFrame: frame }, payload);

const wav = makeWav(500);
const dropped = path.join(base, 'talk.wav');
writeFileSync(dropped, wav);

describe('file intake (Electron)', () => {
  it('copies a dropped file from its path into staging and recognises it', async () => {
    const answer = (await send('files:stagePath', { path: dropped, name: 'talk.wav', purpose: 'original' })) as { ok: true; value: { ok: true; file: { fileId: string } } };
    expect(answer).toMatchObject({ ok: true, value: { ok: true, file: { name: 'talk.wav', size: wav.length, format: 'wav' } } });
    const staged = staging.get(answer.value.file.fileId);
    expect(path.dirname(staged.path)).toBe(path.join(base, 'staging'));
    expect((await readFile(staged.path)).equals(wav)).toBe(true);
  });

  it('stages bytes made in the renderer', async () => {
    expect(await send('files:stageBytes', { bytes: wav, name: 'part 1.wav', purpose: 'original' })).toMatchObject({
      ok: true,
      value: { ok: true, file: { name: 'part 1.wav', size: wav.length } },
    });
  });

  it('names a full disk met while copying (ENOSPC, or EFBIG past a file size limit), and the same call stages the file once there is room', async () => {
    for (const code of ['ENOSPC', 'EFBIG']) {
      disk.refusals.push(code);
      expect(await send('files:stagePath', { path: dropped, name: 'talk.wav', purpose: 'original' })).toEqual({
        ok: true,
        value: { ok: false, problem: { code: 'intake.disk_full', values: { name: 'talk.wav', folder: path.join(base, 'staging') } } },
      });
    }
    // Retry in the page sends the same path again.
    expect(await send('files:stagePath', { path: dropped, name: 'talk.wav', purpose: 'original' })).toMatchObject({ ok: true, value: { ok: true, file: { name: 'talk.wav', size: wav.length } } });
  });

  it('refuses a caller other than the app window, and changes nothing', async () => {
    const other = { url: 'https://evil.example/', parent: null };
    for (const frame of [other, { ...mainFrame }, null]) {
      expect(await send('files:stagePath', { path: dropped, name: 'talk.wav', purpose: 'original' }, frame)).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
  });

  it('takes only regular files and names the problem', async () => {
    expect(await send('files:stagePath', { path: base, name: 'folder', purpose: 'original' })).toMatchObject({ ok: true, value: { ok: false, problem: { code: 'intake.recording_not_file', values: { name: 'folder' } } } });
    expect(await send('files:stagePath', { path: '/dev/zero', name: 'zero', purpose: 'original' })).toMatchObject({ ok: true, value: { ok: false, problem: { code: 'intake.recording_not_file', values: { name: 'zero' } } } });
    expect(await send('files:stagePath', { path: path.join(base, 'gone.wav'), name: 'gone.wav', purpose: 'original' })).toMatchObject({
      ok: true,
      value: { ok: false, problem: { code: 'intake.not_found', values: { name: 'gone.wav', detail: expect.stringContaining('ENOENT') } } },
    });
  });

  it('validates the payload: no extra fields, no empty path, bytes only as bytes', async () => {
    expect(await send('files:stagePath', { path: '', name: 'x.wav', purpose: 'original' })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await send('files:stagePath', { path: dropped, name: 'x.wav', purpose: 'original', keep: true })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
    expect(await send('files:stageBytes', { bytes: 'UklGRg==', name: 'x.wav', purpose: 'original' })).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });

  it('removes its handlers when the window goes', () => {
    dispose();
    expect([...ipc.handlers.keys()]).toEqual([]);
  });
});
