import { mkdtemp } from 'node:fs/promises';
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
    const imported = await invoke<{ ok: boolean; conversation: { id: string } }>('history:import', { content: lastSaved().toString('utf8') });
    expect(imported.ok).toBe(true);
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
    const content = lastSaved().toString('utf8');
    const other = await createCore({ userDataDir: await testFolder('confab-import-') });
    expect(await other.router.invoke('history:import', { content }, sink)).toMatchObject({ ok: true, value: { ok: true } });
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
    ['{ not json', /not valid JSON/],
    ['{"hello": 1}', /not a Confab conversation export/],
    ['{"format":"confab.conversation","version":1,"conversation":{"id":"x","title":"t","systemPrompt":"","options":{"model":"default","temperature":null,"maxTokens":null,"stream":true},"pinned":false,"createdAt":1,"updatedAt":1,"messages":[{"id":"m","role":"robot","content":"","state":"complete","usage":null,"failure":null,"model":null,"createdAt":1}]}}', /damaged at conversation\.messages\.0\.role/],
  ])('refuses a malformed import, naming the problem and changing nothing', async (content, problem) => {
    const before = await invoke<unknown[]>('history:list');
    const outcome = await invoke<{ ok: boolean; problem: string }>('history:import', { content });
    expect(outcome.ok).toBe(false);
    expect(outcome.problem).toMatch(problem);
    expect(await invoke('history:list')).toEqual(before);
  });
});
