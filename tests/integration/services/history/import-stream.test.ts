import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core/core';
import type { EventSink } from '../../../../electron/core/router';
import type { ImportOutcome, ImportProgress } from '../../../../shared/contract/history';
import { writeExport } from '../../../support/big-export';
import { removeFolder, testFolder } from '../../../support/temp-folder';

// Issue 40 item 5: an import is read off main's thread, written in parts, shows its progress and can be cancelled.
let core: Core;
let dataDir: string;
const events: Array<{ id: string; event: ImportProgress }> = [];
const sink: EventSink = { send: (channel, payload) => void (channel === 'history:importProgress:event' && events.push(payload as (typeof events)[number])) };

async function invoke<T>(channel: string, payload?: unknown): Promise<T> {
  const result = await core.router.invoke(channel, payload, sink);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

/** An export of `count` messages of about 10 KB each; `tail` ends it (a damaged one, say). */
async function exportFile(id: string, count: number, tail?: string): Promise<string> {
  const path = join(await testFolder('confab-import-stream-'), `${id}.json`);
  await writeExport(path, { count }, { id, title: `Archive ${id}`, tail });
  return path;
}

/** What the page does: stage the file, watch its progress, import it. */
async function startImport(path: string) {
  const staged = await core.files.staging.fromPath(path, 'archive.json', 'import');
  if (!staged.ok) throw new Error(staged.problem.code);
  const { fileId } = staged.file;
  const watch = await invoke<{ id: string }>('history:importProgress', { fileId });
  const outcome = invoke<ImportOutcome>('history:import', { fileId });
  return { fileId, outcome, progress: () => events.filter((event) => event.id === watch.id).map((event) => event.event) };
}

/** What the history file holds of a conversation, hidden rows included, read beside main's connection. */
function rows(conversationId: string) {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true });
  try {
    const count = (table: string, column: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`).get(conversationId) as { n: number }).n;
    return { conversations: count('conversations', 'id'), messages: count('messages', 'conversation_id') };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'confab-import-stream-data-'));
  core = await createCore({ userDataDir: dataDir, fileSaver: { save: async () => ({ kind: 'cancelled' }) } });
});
afterAll(async () => {
  await core.close();
  await removeFolder(dataDir);
});

describe('a conversation import off main\'s thread', () => {
  it('tells its progress, bytes read then messages written, and ends with the conversation listed whole', async () => {
    const running = await startImport(await exportFile('big', 1500));
    const outcome = await running.outcome;
    expect(outcome).toMatchObject({ ok: true, conversation: { id: 'big', title: 'Archive big' } });
    const progress = running.progress();
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ messagesDone: 1500, messagesTotal: 1500 });
    expect(last.bytesRead).toBe(last.totalBytes);
    // Several steps on the way, not one answer at the end.
    expect(progress.filter((step) => step.bytesRead < step.totalBytes).length).toBeGreaterThan(3);
    expect(progress.filter((step) => step.messagesDone > 0 && step.messagesDone < 1500).length).toBeGreaterThan(1);
    expect((await invoke<Array<{ id: string; messageCount: number }>>('history:list')).find((item) => item.id === 'big')).toMatchObject({ messageCount: 1500 });
  });

  it('stops on Cancel, answering import.cancelled and leaving nothing of the file in the history', async () => {
    const running = await startImport(await exportFile('cancelled', 1500));
    // Cancelled once main has begun writing: the worst moment, with rows in the database.
    await expect.poll(() => running.progress().at(-1)?.messagesDone ?? 0, { interval: 5, timeout: 30_000 }).toBeGreaterThan(0);
    await invoke('history:cancelImport', { fileId: running.fileId });
    expect(await running.outcome).toEqual({ ok: false, problem: { code: 'import.cancelled', values: {} } });
    expect((await invoke<Array<{ id: string }>>('history:list')).map((item) => item.id)).not.toContain('cancelled');
    expect(rows('cancelled')).toEqual({ conversations: 0, messages: 0 });
    // Imported again, it goes in as itself (no copy with new ids: nothing of the first attempt holds its ids).
    const again = await startImport(await exportFile('cancelled', 20));
    expect(await again.outcome).toMatchObject({ ok: true, conversation: { id: 'cancelled' } });
  });

  it('refuses a damaged file after reading it, keeping nothing of it', async () => {
    const running = await startImport(await exportFile('damaged', 300, ',{"id":"x","role":"robot"}]}}'));
    expect(await running.outcome).toEqual({ ok: false, problem: { code: 'import.damaged_at', values: { at: 'conversation.messages.300.role' } } });
    expect(rows('damaged')).toEqual({ conversations: 0, messages: 0 });
  });

  it('refuses an other branch whose parent is not in the file, removing the messages written before it', async () => {
    const path = join(await testFolder('confab-import-stream-'), 'orphan.json');
    const message = (id: string) => ({ id, role: 'user', content: 'Hi', state: 'complete', usage: null, failure: null, model: null, createdAt: 1 });
    const conversation = {
      id: 'orphan', title: 'Orphan', systemPrompt: '', options: { model: 'default', temperature: null, maxTokens: null, stream: true }, pinned: false, createdAt: 1, updatedAt: 1,
      messages: [message('o1'), message('o2')],
      otherBranches: [{ ...message('o3'), parentId: 'o1' }, { ...message('o4'), parentId: 'nowhere' }],
    };
    await writeFile(path, JSON.stringify({ format: 'confab.conversation', version: 1, conversation }));
    const running = await startImport(path);
    expect(await running.outcome).toEqual({ ok: false, problem: { code: 'import.damaged_at', values: { at: 'conversation.otherBranches.1.parentId' } } });
    expect(rows('orphan')).toEqual({ conversations: 0, messages: 0 });
  });
});
