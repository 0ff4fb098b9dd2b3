import { mkdir, mkdtemp, open, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import type { FileSaver, FileToSave } from '../../../../electron/core/services/storage/file-saver';
import { makeWav } from '../../../fake-service/testing';
import { removeFolder } from '../../../support/temp-folder';

// A paste too long for a message, held in main by reference: saved as a file or removed through
// the router, as the composer asks; nothing else staged can be read or removed that way.
let core: Core;
let dataDir: string;
const sink: EventSink = { send: () => undefined };
const saved: FileToSave[] = [];
const fileSaver: FileSaver = { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) };
const text = 'The quarterly report, pasted whole.\n'.repeat(40_000);

async function invoke(channel: string, payload: unknown) {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const stage = async (bytes: Uint8Array, purpose: 'paste' | 'original') => {
  const outcome = await core.files.staging.fromBytes(bytes, 'Pasted text', purpose);
  if (!outcome.ok) throw new Error(outcome.problem.code);
  return outcome.file.fileId;
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-pasted-'));
  core = await createCore({ userDataDir: dataDir, fileSaver });
});
afterAll(async () => {
  await core?.close();
  await removeFolder(dataDir);
});

describe('pasted text held by reference', () => {
  it('saves the whole paste as a text file, then forgets it when removed', async () => {
    const fileId = await stage(new TextEncoder().encode(text), 'paste');
    expect(await invoke('conversations:savePasted', { fileId })).toEqual({ kind: 'saved', fileName: 'Pasted text.txt' });
    expect(saved.at(-1)!.mimeType).toBe('text/plain');
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(text);
    await invoke('conversations:removePasted', { fileId });
    expect(core.files.staging.find(fileId)).toBeUndefined();
    await expect(invoke('conversations:savePasted', { fileId })).rejects.toThrow(/intake\.not_staged/);
  });

  it('holds a paste through a restart of Confab, as the draft showing it is kept', async () => {
    const fileId = await stage(new TextEncoder().encode(text), 'paste');
    await core.close();
    core = await createCore({ userDataDir: dataDir, fileSaver });
    await invoke('conversations:savePasted', { fileId });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(text);
    await invoke('conversations:removePasted', { fileId });
    expect(await readdir(join(dataDir, 'pasted'))).toEqual([]);
  });

  it('reads and removes nothing that was staged for another purpose', async () => {
    const fileId = await stage(makeWav(200), 'original');
    await expect(invoke('conversations:savePasted', { fileId })).rejects.toThrow(/intake\.not_staged/);
    await expect(invoke('conversations:removePasted', { fileId })).rejects.toThrow(/intake\.not_staged/);
    expect(core.files.staging.find(fileId)).toBeDefined();
    const pasted = await stage(new TextEncoder().encode(text), 'paste');
    await invoke('transcription:discard', { fileId: pasted });
    expect(core.files.staging.find(pasted)).toBeDefined();
    await invoke('conversations:removePasted', { fileId: pasted });
  });

  it('adopts at start only whole pastes: a folder or a link in the pasted folder is passed over', async () => {
    const fileId = await stage(new TextEncoder().encode(text), 'paste');
    await core.close();
    await mkdir(join(dataDir, 'pasted', 'a-folder'));
    await symlink(join(dataDir, 'nowhere'), join(dataDir, 'pasted', 'a-broken-link'));
    core = await createCore({ userDataDir: dataDir, fileSaver });
    expect(core.files.staging.find('a-folder')).toBeUndefined();
    expect(core.files.staging.find('a-broken-link')).toBeUndefined();
    await invoke('conversations:removePasted', { fileId });
    await rm(join(dataDir, 'pasted', 'a-folder'), { recursive: true });
    await rm(join(dataDir, 'pasted', 'a-broken-link'));
  });

  it('refuses what is not text, and a paste over its limit, naming each', async () => {
    expect(await core.files.staging.fromBytes(makeWav(200), 'Pasted text', 'paste')).toEqual({
      ok: false,
      problem: { code: 'intake.paste_is_binary', values: { name: 'Pasted text', type: 'WAV', mime: 'audio/wav' } },
    });
    const path = join(dataDir, 'huge.txt');
    const file = await open(path, 'w');
    await file.write('Some text');
    await file.truncate(100 * 1024 * 1024 + 1);
    await file.close();
    expect(await core.files.staging.fromPath(path, 'Pasted text', 'paste')).toEqual({
      ok: false,
      problem: { code: 'intake.paste_too_large', values: { name: 'Pasted text', size: 100 * 1024 * 1024 + 1, limit: 100 * 1024 * 1024 } },
    });
  });
});
