import { copyFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/domain/conversation';
import { type HistoryStore, createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { migrate } from '../../../../electron/core/services/history/migrations';
import { salvageHistory } from '../../../../electron/core/services/history/salvage';
import { mergeConversation } from '../../../../electron/core/services/history/merge';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { parseExport, toJson, toMarkdown } from '../../../../electron/core/services/history/export';
import { removeFolder } from '../../../support/temp-folder';

// A conversation's messages are a tree: an edit adds a branch and the old one stays, in the
// store, its exports, a restore and a merge (docs/architecture/chat-and-conversations.md).

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-branches-'));
});
afterEach(() => removeFolder(dir));

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
let clock = 1_700_000_000_000;
const message = (id: string, role: Message['role'], content: string): Message => ({
  id, role, content, state: 'complete', usage: null, failure: null, model: null, createdAt: clock++,
});
const ids = (messages: Message[]) => messages.map((m) => m.id);

/** a1 → r1 → u2 → r2 → u3 → r3, then u2 edited as e2 (a sibling of u2) answered by s2. */
function branched(store: HistoryStore) {
  store.create({ id: 'c1', title: 'Trip', systemPrompt: '', options, pinned: false, createdAt: 1, updatedAt: 1 });
  for (const [id, role, text] of [['a1', 'user', 'Plan a trip'], ['r1', 'assistant', 'Where to?'], ['u2', 'user', 'Somewhere with zeppelins'],
    ['r2', 'assistant', 'Friedrichshafen.'], ['u3', 'user', 'And after?'], ['r3', 'assistant', 'Lake Constance.']] as const) {
    store.putMessage('c1', message(id, role, text));
  }
  store.branchAt('c1', 'r1');
  store.putMessage('c1', message('e2', 'user', 'Somewhere warm'));
  store.putMessage('c1', message('s2', 'assistant', 'Lisbon.'));
}

describe('branches in the history', () => {
  it('migrates a version 18 history as one chain per conversation, losing nothing, and goes on from its last message', () => {
    const path = join(dir, 'history.sqlite');
    const old = new DatabaseSync(path);
    migrate(old, 18);
    old.prepare(`INSERT INTO conversations (id, title, system_prompt, options, created_at, updated_at) VALUES ('old', 'Old', '', ?, 1, 1)`).run(JSON.stringify(options));
    const versions = JSON.stringify({ others: [{ content: 'First try', state: 'complete', usage: null, failure: null, model: null, createdAt: 1 }], position: 1 });
    const insert = old.prepare(`INSERT INTO messages (id, conversation_id, position, role, content, state, created_at, versions) VALUES (?, 'old', ?, ?, ?, 'complete', 1, ?)`);
    // Positions with gaps, as deletions leave them.
    insert.run('o1', 1, 'user', 'One', null);
    insert.run('o2', 4, 'assistant', 'Two', versions);
    insert.run('o3', 9, 'user', 'Three', null);
    old.close();

    const store = createHistoryStore(path);
    const migrated = store.get('old');
    expect(ids(migrated.messages)).toEqual(['o1', 'o2', 'o3']);
    expect(migrated.otherBranches).toBeUndefined();
    expect(migrated.messages[1]!.versions).toEqual(JSON.parse(versions));
    expect(migrated.messages.some((m) => m.branches)).toBe(false);
    store.putMessage('old', message('o4', 'assistant', 'Four'));
    expect(ids(store.path('old'))).toEqual(['o1', 'o2', 'o3', 'o4']);
    store.close();
  });

  it('keeps the old branch beside an edit, shows either, and opens pages of the path shown', () => {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    branched(store);
    expect(ids(store.path('c1'))).toEqual(['a1', 'r1', 'e2', 's2']);
    const whole = store.get('c1');
    expect(whole.messages[2]!.branches).toEqual({ siblings: ['u2', 'e2'] });
    expect(whole.otherBranches?.map((m) => [m.id, m.parentId])).toEqual([['u2', 'r1'], ['r2', 'u2'], ['u3', 'r2'], ['r3', 'u3']]);

    expect(store.showBranch('c1', 'u2')).toBe(true);
    expect(ids(store.path('c1'))).toEqual(['a1', 'r1', 'u2', 'r2', 'u3', 'r3']);
    expect(store.showBranch('c1', 'r2')).toBe(false);
    expect(ids(store.openLast('c1', 2).messages)).toEqual(['u3', 'r3']);
    expect(ids(store.earlierMessages('c1', 'u3', 10).messages)).toEqual(['a1', 'r1', 'u2', 'r2']);
    // A word only in the old branch is found, in any branch shown.
    store.showBranch('c1', 'e2');
    expect(store.search('zeppelins').map((hit) => (hit.kind === 'message' ? hit.messageId : null))).toEqual(['u2']);
    store.close();
  });

  it('marks siblings alike on a page read by its parents and on a whole path past a thousand messages, first messages too', () => {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    branched(store);
    // The first message edited: a sibling with no parent.
    store.branchAt('c1', null);
    store.putMessage('c1', message('f1', 'user', 'Plan a week'));
    for (let i = 0; i < 1001; i++) store.putMessage('c1', message(`n${i}`, i % 2 ? 'user' : 'assistant', `Turn ${i}`));
    const path = store.path('c1');
    expect(store.openLast('c1', 2).messages.some((m) => m.branches)).toBe(false);
    const whole = store.withSiblings('c1', path);
    const page = store.withSiblings('c1', path.slice(0, 3));
    expect(whole[0]!.branches).toEqual({ siblings: ['a1', 'f1'] });
    expect(page).toEqual(whole.slice(0, 3));
    expect(store.withSiblings('c1', store.get('c1').otherBranches!.slice(0, 3))[2]!.branches).toEqual({ siblings: ['u2', 'e2'] });
    store.close();
  });

  it('exports every branch, Markdown marking the old one and JSON reading back whole', () => {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    branched(store);
    const conversation = store.get('c1');
    const markdown = toMarkdown(conversation);
    expect(markdown).toContain('## Other branch 1 (after “Where to?”)');
    expect(markdown.indexOf('Lisbon.')).toBeLessThan(markdown.indexOf('Other branch 1'));
    expect(markdown.indexOf('Other branch 1')).toBeLessThan(markdown.indexOf('Somewhere with zeppelins'));
    const parsed = parseExport(toJson(conversation));
    expect(parsed).toMatchObject({ ok: true });
    const into = createHistoryStore(join(dir, 'other.sqlite'));
    expect(mergeConversation(into, (parsed as { conversation: typeof conversation }).conversation).kind).toBe('added');
    expect(into.get('c1')).toEqual(conversation);
    // The same file again changes nothing; once the conversation went on, it comes back as a copy with its branches.
    expect(mergeConversation(into, conversation).kind).toBe('unchanged');
    into.putMessage('c1', message('later', 'user', 'Written after the export'));
    const copy = mergeConversation(into, conversation);
    expect(copy.kind).toBe('copied');
    const copied = into.get(copy.conversation.id);
    expect(copied.messages.map((m) => m.content)).toEqual(conversation.messages.map((m) => m.content));
    expect(copied.otherBranches?.map((m) => m.content)).toEqual(conversation.otherBranches?.map((m) => m.content));
    store.close();
    into.close();
  });

  it("a copy made by a merge keeps its summary standing for the copy's own messages", () => {
    const store = createHistoryStore(join(dir, 'history.sqlite'));
    branched(store);
    store.putMessage('c1', { ...message('sum', 'system', 'They planned a zeppelin trip.'), summary: { covers: ['a1', 'r1'] } });
    const conversation = store.get('c1');
    store.putMessage('c1', message('later', 'user', 'Written after the export'));
    const copy = mergeConversation(store, conversation);
    expect(copy.kind).toBe('copied');
    const copied = store.get(copy.conversation.id).messages;
    const summary = copied.find((m) => m.summary)!;
    expect(summary.summary!.covers).toEqual(copied.filter((m) => ['Plan a trip', 'Where to?'].includes(m.content)).map((m) => m.id));
    store.close();
  });

  it('restores a backup with its branches and the branch it showed', () => {
    const backup = join(dir, 'backup.sqlite');
    const source = createHistoryStore(backup);
    branched(source);
    const before = source.get('c1');
    source.close();
    const history = createHistoryStore(join(dir, 'history.sqlite'));
    expect(mergeBackup(history, backup, join(dir, 'scratch.sqlite'), 'restored')).toMatchObject({ added: 1 });
    expect(history.get('c1')).toEqual(before);
    history.close();
  });

  it('a repair brings back an old branch the damage took, under its own parent', () => {
    const backup = join(dir, 'backup.sqlite');
    const source = createHistoryStore(backup);
    branched(source);
    const before = source.get('c1');
    source.close();
    const path = join(dir, 'history.sqlite');
    copyFileSync(backup, path);
    const history = createHistoryStore(path);
    history.db.exec(`DELETE FROM messages WHERE id IN ('u3', 'r3')`);
    mergeBackup(history, backup, join(dir, 'scratch.sqlite'), 'skipped');
    expect(history.get('c1')).toEqual(before);
    history.close();
  });

  it('a salvage keeps the tree and mends what lost rows broke: an orphan hangs under the message before it, a lost leaf ends at the last message', () => {
    const damaged = join(dir, 'damaged.sqlite');
    const source = createHistoryStore(damaged);
    branched(source);
    source.close();
    // Rows the damage took: one in the middle of the old branch, and the leaf of the path shown.
    const raw = new DatabaseSync(damaged);
    raw.exec(`DELETE FROM messages WHERE id IN ('u3', 's2')`);
    raw.close();
    const target = join(dir, 'salvaged.sqlite');
    expect(salvageHistory(damaged, target).unreadable).toBe(false);
    const salvaged = createHistoryStore(target);
    // The last message written, e2, now ends the path; r3 goes on from r2.
    expect(ids(salvaged.path('c1'))).toEqual(['a1', 'r1', 'e2']);
    expect(salvaged.get('c1').otherBranches?.map((m) => [m.id, m.parentId])).toEqual([['u2', 'r1'], ['r2', 'u2'], ['r3', 'r2']]);
    salvaged.close();
  });
});
