import { mkdtemp, open, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import type { EventSink } from '../../../../electron/core/router';
import type { FileSaver, FileToSave } from '../../../../electron/core/services/storage/file-saver';
import { removeFolder, testFolder } from '../../../support/temp-folder';

// Export and import through main's router, as the renderer calls them.
let core: Core;
let dataDir: string;
const sink: EventSink = { send: () => undefined };
const KEY = 'sk-export-test-secret-9999';
async function invoke<T = unknown>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}
/** What main was asked to save, as a save dialog (Electron) or the download shelf (harness) receives it. */
const saved: FileToSave[] = [];
const fileSaver: FileSaver = { save: async (file) => (saved.push(file), { kind: 'saved', fileName: file.fileName }) };
/** The bytes of the file the last export saved. */
const lastSaved = () => Buffer.from(saved.at(-1)!.bytes);
const options = { model: 'pro', temperature: 0.7, maxTokens: 256, stream: true };

/** What the page does: the chosen file is staged by reference (Electron: by its path), then imported by its fileId. */
async function importFile(into: Core, content: string | Uint8Array, name = 'conversation.json') {
  const path = join(await testFolder('confab-import-file-'), name);
  await writeFile(path, content);
  const staged = await into.files.staging.fromPath(path, name, 'import');
  if (!staged.ok) return staged;
  const result = await into.router.invoke('history:import', { fileId: staged.file.fileId }, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as { ok: true; conversation: { id: string } } | { ok: false; problem: string };
}
/** Nothing an import staged is left behind, whatever its outcome. */
const stagedFiles = (folder = dataDir) => readdir(join(folder, 'staging'));

beforeAll(async () => {
  // The history as main stores it; pages cannot write messages.
  dataDir = await mkdtemp(join(tmpdir(), 'confab-export-'));
  const store = createHistoryStore(join(dataDir, 'history.sqlite'));
  store.create({ id: 'conv-1', title: 'Export: "quotes" / slashes', systemPrompt: 'Answer in French', options, pinned: false, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 });
  const base = { usage: null, failure: null, model: null, createdAt: 1_700_000_000_000 };
  store.putMessage('conv-1', { ...base, id: 'a', role: 'user', content: 'Bonjour **monde** 🎉', state: 'complete' });
  store.putMessage('conv-1', {
    ...base,
    id: 'b',
    role: 'assistant',
    content: 'Salut !\n\n```js\nx()\n```',
    state: 'stopped',
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    model: 'pro',
  });
  store.close();
  core = await createCore({ userDataDir: dataDir, initialBaseUrl: 'https://api.example.com/v1', fileSaver });
  await invoke('secrets:setKey', { key: KEY, memoryOnly: true });
});
afterAll(async () => {
  await core.close();
  await removeFolder(dataDir);
});

describe('export and import', () => {
  it('round-trips a conversation through JSON exactly (a copy beside the original gets fresh ids)', async () => {
    const original = await invoke<Record<string, unknown>>('history:open', { id: 'conv-1' });
    const exported = await invoke<{ kind: string; fileName: string }>('history:exportConversation', { id: 'conv-1', format: 'json' });
    expect(exported).toEqual({ kind: 'saved', fileName: 'Export  quotes slashes (conv-1).json'.replace('  ', ' ') });
    expect(saved.at(-1)!.mimeType).toMatch(/^application\/json/);
    await invoke('history:remove', { id: 'conv-1' });
    const imported = await importFile(core, lastSaved());
    if (!imported.ok) throw new Error(JSON.stringify(imported.problem));
    expect(await stagedFiles()).toEqual([]);
    await invoke('history:restore', { id: 'conv-1' });
    expect(await invoke('history:open', { id: 'conv-1' })).toEqual(original);
    const copy = await invoke<{ messages: { id: string }[] }>('history:open', { id: imported.conversation.id });
    const withoutIds = (conversation: Record<string, unknown>) => ({
      ...conversation,
      id: 'x',
      messages: (conversation.messages as Record<string, unknown>[]).map((message) => ({ ...message, id: 'x' })),
    });
    expect(withoutIds(copy)).toEqual(withoutIds(original));
  });

  it('imports into another data folder exactly, ids included', async () => {
    const original = await invoke('history:open', { id: 'conv-1' });
    await invoke('history:exportConversation', { id: 'conv-1', format: 'json' });
    const other = await createCore({ userDataDir: await testFolder('confab-import-') });
    expect(await importFile(other, lastSaved())).toMatchObject({ ok: true });
    expect(await other.router.invoke('history:open', { id: 'conv-1' }, sink)).toEqual({ ok: true, value: original });
    await other.close();
  });

  it('exports Markdown a person can read', async () => {
    await invoke('history:exportConversation', { id: 'conv-1', format: 'markdown' });
    const markdown = lastSaved().toString('utf8');
    expect(markdown).toContain('# Export: "quotes" / slashes');
    expect(markdown).toContain('**System prompt:** Answer in French');
    expect(markdown).toContain('## You\n\nBonjour **monde** 🎉');
    expect(markdown).toContain('## Assistant _(stopped)_');
  });

  it('exports every conversation at once as a zip of Markdown and JSON, never with the key', async () => {
    const outcome = await invoke<{ kind: string; fileName: string }>('history:exportAll');
    expect(outcome.fileName).toMatch(/^Confab conversations \d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(lastSaved()));
    const names = Object.keys(files);
    expect(names.filter((name) => name.endsWith('.md'))).toHaveLength(names.length / 2);
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const content of Object.values(files)) expect(strFromU8(content)).not.toContain(KEY);
  });

  it.each([
    ['damaged JSON', '{ not json', { code: 'import.not_json', values: { detail: expect.any(String) as string } }],
    ['JSON that is not an export', '{"hello": 1}', { code: 'import.not_export', values: {} }],
    [
      'an export with a damaged message',
      '{"format":"confab.conversation","version":1,"conversation":{"id":"x","title":"t","systemPrompt":"","options":{"model":"default","temperature":null,"maxTokens":null,"stream":true},"pinned":false,"createdAt":1,"updatedAt":1,"messages":[{"id":"m","role":"robot","content":"","state":"complete","usage":null,"failure":null,"model":null,"createdAt":1}]}}',
      { code: 'import.damaged_at', values: { at: 'conversation.messages.0.role' } },
    ],
  ])('refuses %s, naming the problem, changing nothing and keeping no copy', async (_case, content, problem) => {
    const before = await invoke<unknown[]>('history:list');
    expect(await importFile(core, content)).toEqual({ ok: false, problem });
    expect(await invoke('history:list')).toEqual(before);
    expect(await stagedFiles()).toEqual([]);
  });

  it.each([
    ['a zip archive', new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('Confab conversations.json').slice(0, 26), ...Array<number>(40).fill(0)]), { code: 'intake.export_is_binary', values: { name: 'archive.json', type: 'ZIP', mime: 'application/zip' } }],
    ['plain text', 'Minutes of the weekly sync.', { code: 'intake.export_not_json', values: { name: 'archive.json' } }],
    ['JSON of another format', '{"format": "other.app", "conversation": {}}', { code: 'intake.export_other_format', values: { name: 'archive.json', format: 'other.app' } }],
    ['an empty file', '', { code: 'intake.export_empty', values: { name: 'archive.json' } }],
  ])('refuses %s from its first bytes, before copying it', async (_case, content, problem) => {
    expect(await importFile(core, content, 'archive.json')).toEqual({ ok: false, problem });
    expect(await stagedFiles()).toEqual([]);
  });

  it('refuses a file over the import limit by its size, naming the limit, without reading it', async () => {
    const path = join(await testFolder('confab-import-file-'), 'huge.json');
    const file = await open(path, 'w');
    await file.write('{"format":"confab.conversation"');
    await file.truncate(100 * 1024 * 1024 + 1);
    await file.close();
    expect(await core.files.staging.fromPath(path, 'huge.json', 'import')).toEqual({
      ok: false,
      problem: { code: 'intake.export_too_large', values: { name: 'huge.json', size: 100 * 1024 * 1024 + 1, limit: 100 * 1024 * 1024 } },
    });
    expect(await stagedFiles()).toEqual([]);
  });

  it('imports only a file staged for import, and each only once', async () => {
    const staged = await core.files.staging.fromBytes(new TextEncoder().encode('{"hello": 1}'), 'twice.json', 'import');
    if (!staged.ok) throw new Error(staged.problem.code);
    // A conversation export is not a recording to transcribe.
    expect(() => core.files.staging.take(staged.file.fileId)).toThrow(/intake.not_staged/);
    await invoke('history:import', { fileId: staged.file.fileId });
    await expect(invoke('history:import', { fileId: staged.file.fileId })).rejects.toThrow(/intake\.not_staged/);
    await expect(invoke('history:import', { content: '{}' })).rejects.toThrow();
    expect(await stagedFiles()).toEqual([]);
  });
});
