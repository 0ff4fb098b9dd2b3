import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import { createHeldItems } from '../../../../electron/core/services/held/held-items';
import type { HeldItem } from '../../../../shared/contract/documents';
import { createStaging } from '../../../../electron/core/services/intake/staging';
import type { FileSaver, FileToSave } from '../../../../electron/core/services/storage/file-saver';
import { makeWav } from '../../../fake-service/testing';
import { makePdf } from '../../../support/documents';
import { removeFolder, testFolder } from '../../../support/temp-folder';

// Documents and pastes too long for a message, held in main by reference: attached, saved or
// removed through the router, as the composer asks; kept through a restart; gone with their
// conversation; nothing else staged can be read that way, and the folder has a quota.
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
const stage = async (bytes: Uint8Array, name: string, purpose: 'paste' | 'original' | 'document') => {
  const outcome = await core.files.staging.fromBytes(bytes, name, purpose);
  if (!outcome.ok) throw new Error(outcome.problem.code);
  return outcome.file.fileId;
};
const attach = async (bytes: Uint8Array, name = 'Pasted text', purpose: 'paste' | 'document' = 'paste') =>
  (await invoke('conversations:attach', { fileId: await stage(bytes, name, purpose) })) as { ok: true; item: HeldItem };
const heldFiles = async () => (await readdir(join(dataDir, 'held'))).sort();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-held-'));
  core = await createCore({ userDataDir: dataDir, fileSaver });
});
afterAll(async () => {
  await core?.close();
  await removeFolder(dataDir);
});

describe('held items', () => {
  it('saves a whole paste as a text file, then forgets it when removed; staging keeps nothing of it', async () => {
    const { item } = await attach(new TextEncoder().encode(text));
    expect(item).toMatchObject({ kind: 'paste', name: 'Pasted text', pages: null, characters: text.length, lines: 40_000 });
    // One estimate: the context budget's tokenizer, counted once as main reads the item, never characters / 4.
    expect(item.tokens).toBe(countTokens(text));
    expect(item.tokens).not.toBe(text.length / 4);
    expect(await readdir(join(dataDir, 'staging'))).toEqual([]);
    expect(await invoke('conversations:saveHeld', { id: item.id, conversationId: null })).toEqual({ kind: 'saved', fileName: 'Pasted text.txt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toBe(text);
    await invoke('conversations:removeHeld', { id: item.id });
    expect(await heldFiles()).toEqual([]);
    await expect(invoke('conversations:saveHeld', { id: item.id, conversationId: null })).rejects.toThrow(/held\.not_found/);
  });

  it('holds an item through a restart of Confab, as the draft showing it is kept', async () => {
    const { item } = await attach(makePdf({ pages: 3 }), 'report.pdf', 'document');
    expect(item).toMatchObject({ kind: 'document', name: 'report.pdf', pages: 3 });
    await core.close();
    core = await createCore({ userDataDir: dataDir, fileSaver });
    expect(await invoke('conversations:saveHeld', { id: item.id, conversationId: null })).toEqual({ kind: 'saved', fileName: 'report.txt' });
    expect(Buffer.from(saved.at(-1)!.bytes).toString('utf8')).toContain('Page 3: the quick brown fox');
    await invoke('conversations:removeHeld', { id: item.id });
    expect(await heldFiles()).toEqual([]);
  });

  it('attaches nothing that was staged for another purpose', async () => {
    const fileId = await stage(makeWav(200), 'talk.wav', 'original');
    await expect(invoke('conversations:attach', { fileId })).rejects.toThrow(/intake\.not_staged/);
    expect(core.files.staging.find(fileId)).toBeDefined();
    await invoke('transcription:discard', { fileId });
  });

  it('refuses a document that is not what its name says, and a kind Confab does not read', async () => {
    expect(await core.files.staging.fromBytes(new TextEncoder().encode('hello'), 'fake.pdf', 'document')).toEqual({
      ok: false,
      problem: { code: 'intake.document_not_what_named', values: { name: 'fake.pdf', type: 'PDF' } },
    });
    expect(await core.files.staging.fromBytes(makeWav(200), 'talk.wav', 'document')).toEqual({
      ok: false,
      problem: { code: 'intake.document_unsupported', values: { name: 'talk.wav' } },
    });
  });
});

describe('the held folder', () => {
  it('refuses an item past its quota by name, and keeps nothing of it', async () => {
    const dir = await testFolder('confab-held-quota-');
    const staging = createStaging(join(dir, 'staging'));
    const held = createHeldItems({ dir: join(dir, 'held'), staging, quotaBytes: 1000 });
    const first = await staging.fromBytes(new TextEncoder().encode('a'.repeat(600)), 'a.txt', 'document');
    const second = await staging.fromBytes(new TextEncoder().encode('b'.repeat(600)), 'b.txt', 'document');
    if (!first.ok || !second.ok) throw new Error('not staged');
    expect(await held.attach(first.file.fileId)).toMatchObject({ ok: true });
    expect(await held.attach(second.file.fileId)).toEqual({ ok: false, problem: { code: 'held.full', values: { name: 'b.txt', max: 1000 } } });
    expect((await readdir(join(dir, 'held'))).filter((name) => name.endsWith('.txt'))).toHaveLength(1);
    expect(staging.find(second.file.fileId)).toBeUndefined();
    await writeFile(join(dir, 'held', 'stray.txt'), 'not an item');
    createHeldItems({ dir: join(dir, 'held'), staging, quotaBytes: 1000 });
    expect((await readdir(join(dir, 'held'))).filter((name) => name.endsWith('.txt'))).toHaveLength(1);
  });

  it('sends a bound item with its conversation, and removes it when the conversation is gone for good', async () => {
    const dir = await testFolder('confab-held-bound-');
    const staging = createStaging(join(dir, 'staging'));
    const held = createHeldItems({ dir: join(dir, 'held'), staging });
    const staged = await staging.fromBytes(new TextEncoder().encode(text), 'Pasted text', 'paste');
    if (!staged.ok) throw new Error('not staged');
    const attached = await held.attach(staged.file.fileId);
    if (!attached.ok) throw new Error('not attached');
    held.bind([attached.item.id], 'c1', 'm1');
    expect(held.textFor('c1')).toEqual([{ id: attached.item.id, name: 'Pasted text', kind: 'paste', text, tokens: attached.item.tokens }]);
    // A bound item is the conversation's: the composer can no longer remove it, nor a second Send take it.
    await held.remove(attached.item.id);
    expect(() => held.check([attached.item.id])).toThrow(/held\.not_found/);
    expect(held.textFor('c1')).toHaveLength(1);
    await held.sweep(new Set(['c1']));
    expect(held.textFor('c1')).toHaveLength(1);
    await held.sweep(new Set());
    expect(held.textFor('c1')).toEqual([]);
    expect(await readdir(join(dir, 'held'))).toEqual([]);
  });

  it("reads an item's text from disk once, however many requests and plans carry it, and forgets it when the item goes", async () => {
    const dir = await testFolder('confab-held-read-once-');
    const staging = createStaging(join(dir, 'staging'));
    const reads: string[] = [];
    const held = createHeldItems({ dir: join(dir, 'held'), staging, readText: (path) => (reads.push(path), readFileSync(path, 'utf8')) });
    const attachText = async (body: string, name: string) => {
      const staged = await staging.fromBytes(new TextEncoder().encode(body), name, 'document');
      const attached = staged.ok && (await held.attach(staged.file.fileId));
      if (!attached || !attached.ok) throw new Error('not attached');
      return attached.item.id;
    };
    const first = await attachText('The first report.', 'first.txt');
    held.bind([first], 'c1', 'm1');
    // Two Sends and the composer's plan between them.
    for (let request = 0; request < 3; request++) expect(held.textFor('c1').map((item) => item.text)).toEqual(['The first report.']);
    expect(reads).toHaveLength(1);
    const second = await attachText('The second report.', 'second.txt');
    held.bind([second], 'c1', 'm2');
    expect(held.textFor('c1').map((item) => item.text)).toEqual(['The first report.', 'The second report.']);
    expect(held.textFor('c1')).toHaveLength(2);
    expect(reads).toHaveLength(2);
    await held.sweep(new Set());
    expect(held.textFor('c1')).toEqual([]);
  });

  it("copies a conversation's items for a branch within the quota, and only items that conversation holds", async () => {
    const dir = await testFolder('confab-held-copy-');
    const staging = createStaging(join(dir, 'staging'));
    const held = createHeldItems({ dir: join(dir, 'held'), staging, quotaBytes: 1000 });
    const attachText = async (body: string, name: string) => {
      const staged = await staging.fromBytes(new TextEncoder().encode(body), name, 'document');
      const attached = staged.ok && (await held.attach(staged.file.fileId));
      if (!attached || !attached.ok) throw new Error('not attached');
      return attached.item.id;
    };
    const small = await attachText('s'.repeat(100), 'small.txt');
    const other = await attachText('o'.repeat(100), 'other.txt');
    held.bind([small], 'c1', 'm1');
    held.bind([other], 'c9', 'm9');
    const chips = await held.copy('c1', 'c2', [
      { id: small, messageId: 'm1-copy' },
      { id: other, messageId: 'm1-copy' },
    ]);
    // Another conversation's item named on a copied message (an imported chip) is not the branch's to take.
    expect([...chips.keys()]).toEqual([small]);
    expect(held.textFor('c2')).toEqual([{ id: chips.get(small)!.id, name: 'small.txt', kind: 'document', text: 's'.repeat(100), tokens: chips.get(small)!.tokens }]);
    await held.sweep(new Set(['c2', 'c9']));
    expect(held.textFor('c2')).toHaveLength(1);

    const big = await attachText('b'.repeat(500), 'big.txt');
    held.bind([big], 'c3', 'm3');
    await expect(held.copy('c3', 'c4', [{ id: big, messageId: 'm3-copy' }])).rejects.toThrow(/held\.full/);
    expect(held.textFor('c4')).toEqual([]);
    expect((await readdir(join(dir, 'held'))).filter((name) => name.endsWith('.txt'))).toHaveLength(3);
    await removeFolder(dir);
  });
});
