import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import type { WatchEvent } from '../../../../shared/contract/conversations';
import { eventChannel } from '../../../../shared/contract/define';
import type { EditorEvent, WireDocument } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptRecord } from '../../../../shared/contract/transcription';
import type { Word } from '../../../../shared/domain/transcript';
import { testFolder } from '../../../support/temp-folder';

// Two windows (two renderer connections) on one main, through its router as the pages call it.

const said = 'Hello everyone. Bilal asked why the bridge was late. Anna said the steel came late. Then we talked about the budget for a while.';

function record(): TranscriptRecord {
  const words: Word[] = said.split(' ').map((word, i) => ({ word: ` ${word}`, start: i * 0.5, end: i * 0.5 + 0.4 }));
  return {
    id: 't1',
    fileName: 'meeting.mp3',
    createdAt: 1,
    request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text: said, raw: JSON.stringify({ text: said, words }), language: 'en', duration: 20, segments: [], words },
  };
}

/** One window: its connection to main, and every stream event it received. */
function windowOf(core: Core) {
  const events: Array<{ channel: string; event: unknown }> = [];
  const sink: EventSink = { send: (channel, payload) => void events.push({ channel, event: (payload as { event: unknown }).event }) };
  async function invoke<T = unknown>(channel: string, payload?: unknown): Promise<T> {
    const result = await core.router.invoke(channel, payload, sink);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }
  return {
    invoke,
    editorEvents: () => events.filter((e) => e.channel === eventChannel('transcriptEditor:watch')).map((e) => e.event as EditorEvent),
    listEvents: () => events.filter((e) => e.channel === eventChannel('conversations:watch')).map((e) => e.event as WatchEvent),
    async watch() {
      await invoke('transcriptEditor:watch');
      await invoke('conversations:watch');
      // The router starts a stream's handler on its next turn.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

type Opened = { document: WireDocument; version: number };
type Edited = { outcome: 'applied'; version: number } | { outcome: 'refused'; refusal: { code: string; row: number | null; now: number | null; text: string | null } };
const rowText = (document: WireDocument, row: number) => document.blocks[row]!.words.split('\n').join(' ');

let core: Core | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
});

async function twoWindows() {
  const dir = await testFolder('confab-views-');
  const store = createHistoryStore(join(dir, 'history.sqlite'));
  store.transcripts.put(record(), null);
  const options = { model: 'pro', temperature: 0.7, maxTokens: 256, stream: true };
  store.create({ id: 'conv-1', title: 'Bridge budget', systemPrompt: '', options, pinned: false, createdAt: 1, updatedAt: 1 });
  store.close();
  core = await createCore({ userDataDir: dir, initialBaseUrl: 'https://api.example.com/v1' });
  const a = windowOf(core);
  const b = windowOf(core);
  await a.watch();
  await b.watch();
  return { a, b, dir };
}

describe('one transcript, two windows', () => {
  it('merges edits to different rows made on the same version, and tells the other window of each', async () => {
    const { a, b } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect((await b.invoke<Opened>('transcriptEditor:open', { id: 't1' })).version).toBe(opened.version);
    const first = rowText(opened.document, 0);
    const third = rowText(opened.document, 2);

    const fromA = await a.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 0, text: `${first} (A)` } });
    expect(fromA).toMatchObject({ outcome: 'applied', version: opened.version + 1 });
    // B still works on the version it opened: its edit of another row is merged, not refused.
    const fromB = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 2, text: `${third} (B)` } });
    expect(fromB).toMatchObject({ outcome: 'applied', version: opened.version + 2 });

    const now = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect(rowText(now.document, 0)).toBe(`${first} (A)`);
    expect(rowText(now.document, 2)).toBe(`${third} (B)`);
    // Each window hears both changes, in order, with the row's new words.
    for (const window of [a, b]) {
      const changes = window.editorEvents().filter((event) => event.type === 'changed');
      expect(changes.map((event) => event.version)).toEqual([opened.version + 1, opened.version + 2]);
      expect(changes[0]).toMatchObject({ id: 't1', patch: { ranges: [{ at: 0, remove: 1 }] } });
    }
  });

  it('follows rows that moved: an edit made before a split above it lands on its row', async () => {
    const { a, b } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    const third = rowText(opened.document, 2);
    await a.invoke('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'split', block: 0, word: 1 } });
    const fromB = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 2, text: `${third} (B)` } });
    expect(fromB.outcome).toBe('applied');
    const now = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect(rowText(now.document, 3)).toBe(`${third} (B)`);
  });

  it('refuses a stale edit to a row changed since, keeping its text, and overwrites nothing', async () => {
    const { a, b } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    const second = rowText(opened.document, 1);
    await a.invoke('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 1, text: `${second} A's words` } });

    const typed = `${second} B's words`;
    const fromB = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 1, text: typed } });
    expect(fromB).toEqual({ outcome: 'refused', refusal: { code: 'row_changed', row: 1, now: 1, text: typed } });
    const now = await b.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect(rowText(now.document, 1)).toBe(`${second} A's words`);
    expect(now.version).toBe(opened.version + 1);
    // B hears A's change; nothing of the refused edit went out.
    expect(b.editorEvents().filter((event) => event.type === 'changed')).toHaveLength(1);

    // "Use mine": the same text, now on the version B has seen, is saved over A's.
    const mine = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: now.version, intent: { type: 'text', block: 1, text: typed } });
    expect(mine.outcome).toBe('applied');
    expect(rowText((await a.invoke<Opened>('transcriptEditor:open', { id: 't1' })).document, 1)).toBe(typed);
  });

  it('gives two typists in one row the conflict: the second writer is refused even when its window had heard the first, nothing is lost', async () => {
    const { a, b } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    await b.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    const second = rowText(opened.document, 1);

    // A types twice; each send names the row's text it was typed over (its own last send).
    const a1 = `${second} A`;
    const a2 = `${second} A types on`;
    const first = await a.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 1, text: a1, was: second } });
    expect(first).toMatchObject({ outcome: 'applied', version: opened.version + 1 });
    const again = await a.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version + 1, intent: { type: 'text', block: 1, text: a2, was: a1 } });
    expect(again).toMatchObject({ outcome: 'applied', version: opened.version + 2 });

    // B's window has heard both changes (its version is current), but its typist typed over the
    // row as it was before them: the textarea still held B's words. Main compares the row, not only the version.
    expect(b.editorEvents().filter((event) => event.type === 'changed').map((event) => event.version)).toEqual([opened.version + 1, opened.version + 2]);
    const typed = `${second} B's words`;
    const fromB = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version + 2, intent: { type: 'text', block: 1, text: typed, was: second } });
    expect(fromB).toEqual({ outcome: 'refused', refusal: { code: 'row_changed', row: 1, now: 1, text: typed } });

    // A's text stands, nothing of B's went out, and B's words are in the refusal to choose from.
    const now = await b.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect(rowText(now.document, 1)).toBe(a2);
    expect(now.version).toBe(opened.version + 2);
    expect(a.editorEvents().filter((event) => event.type === 'changed')).toHaveLength(2);

    // "Use mine" names the row as B now sees it (A's words): saved over them, on purpose.
    const mine = await b.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: now.version, intent: { type: 'text', block: 1, text: typed, was: a2 } });
    expect(mine).toMatchObject({ outcome: 'applied', version: opened.version + 3 });
    // A, still typing over its own last words, is now the stale one and gets the choice in turn.
    const late = await a.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version + 3, intent: { type: 'text', block: 1, text: `${a2} more`, was: a2 } });
    expect(late).toEqual({ outcome: 'refused', refusal: { code: 'row_changed', row: 1, now: 1, text: `${a2} more` } });
    expect(rowText((await a.invoke<Opened>('transcriptEditor:open', { id: 't1' })).document, 1)).toBe(typed);
  });

  it('refuses an edit made on a version main does not have (its copy is from before a restart or a restore)', async () => {
    const { a } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    const edited = await a.invoke<Edited>('transcriptEditor:edit', { id: 't1', version: opened.version + 7, intent: { type: 'text', block: 0, text: 'typed long ago' } });
    expect(edited).toEqual({ outcome: 'refused', refusal: { code: 'document_changed', row: 0, now: null, text: 'typed long ago' } });
  });

  it('keeps the version with the document across a restart', async () => {
    const { a, dir } = await twoWindows();
    const opened = await a.invoke<Opened>('transcriptEditor:open', { id: 't1' });
    await a.invoke('transcriptEditor:edit', { id: 't1', version: opened.version, intent: { type: 'text', block: 0, text: 'first' } });
    await a.invoke('transcriptEditor:undo', { id: 't1' });
    await core!.close();
    core = await createCore({ userDataDir: dir, initialBaseUrl: 'https://api.example.com/v1' });
    const again = await windowOf(core).invoke<Opened>('transcriptEditor:open', { id: 't1' });
    expect(again.version).toBe(opened.version + 2);
  });
});

describe('deletions and list changes reach every window', () => {
  it('tells every window of a deleted transcript and of a conversation renamed, deleted and restored', async () => {
    const { a, b } = await twoWindows();
    await a.invoke('transcriptEditor:open', { id: 't1' });
    await a.invoke('transcription:remove', { id: 't1' });
    for (const window of [a, b]) expect(window.editorEvents()).toContainEqual({ type: 'deleted', id: 't1' });

    await a.invoke('history:update', { id: 'conv-1', title: 'Steel delays' });
    await a.invoke('history:remove', { id: 'conv-1' });
    await a.invoke('history:restore', { id: 'conv-1' });
    for (const window of [a, b]) {
      const list = window.listEvents().filter((event) => event.type !== 'replies');
      expect(list).toEqual([
        { type: 'listed', conversation: expect.objectContaining({ id: 'conv-1', title: 'Steel delays' }) },
        { type: 'removed', conversationId: 'conv-1' },
        { type: 'listed', conversation: expect.objectContaining({ id: 'conv-1', title: 'Steel delays' }) },
      ]);
    }
  });
});
