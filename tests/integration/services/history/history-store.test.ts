import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/domain/conversation';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { LATEST_VERSION, MIGRATIONS, migrate } from '../../../../electron/core/services/history/migrations';
import { notesTermsMigration } from '../../../../electron/core/services/history/notes-index';
import { MATCH_END, MATCH_START } from '../../../../electron/core/services/history/search';
import { removeFolder } from '../../../support/temp-folder';
import { spokenRecord } from '../../../support/spoken-record';

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-history-'));
  path = join(dir, 'history.sqlite');
});
afterEach(() => removeFolder(dir));

const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const message = (id: string, role: Message['role'], content: string, extra: Partial<Message> = {}): Message => ({
  id,
  role,
  content,
  state: 'complete',
  usage: null,
  failure: null,
  model: null,
  createdAt: 1_700_000_000_000,
  ...extra,
});

function seeded() {
  const store = createHistoryStore(path);
  store.create({ id: 'c1', title: 'Trip to Lisbon', systemPrompt: 'Be brief', options, pinned: false, createdAt: 1, updatedAt: 1 });
  store.putMessage('c1', message('m1', 'user', 'Where should I eat pastéis de nata?'));
  store.putMessage('c1', message('m2', 'assistant', 'Try the bakery in Belém.', { usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 } }));
  return store;
}

describe('history store', () => {
  it('keeps conversations and messages in order, newest conversation first, pinned on top', () => {
    const store = seeded();
    store.create({ id: 'c2', title: 'Second', systemPrompt: '', options, pinned: false, createdAt: 2, updatedAt: 2 });
    store.putMessage('c2', message('m3', 'user', 'Hello'));
    expect(store.list().map((c) => c.id)).toEqual(['c2', 'c1']);
    store.update('c1', { pinned: true });
    expect(store.list().map((c) => [c.id, c.pinned, c.messageCount])).toEqual([
      ['c1', true, 2],
      ['c2', false, 1],
    ]);
    const c1 = store.get('c1');
    expect(c1.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(c1.messages[1]!.usage).toEqual({ prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 });
    expect(store.list()[0]!.preview).toBe('Try the bakery in Belém.');
  });

  it('replaces an edited message in place and drops what came after it', () => {
    const store = seeded();
    store.putMessage('c1', message('m1', 'user', 'Where is the best coffee?'));
    store.truncateAfter('c1', 'm1');
    expect(store.get('c1').messages.map((m) => [m.id, m.content])).toEqual([['m1', 'Where is the best coffee?']]);
  });

  it('finds words in any message, accent-insensitive and by prefix, with marked matches', () => {
    const store = seeded();
    const [hit] = store.search('belem');
    expect(hit).toMatchObject({ conversationId: 'c1', conversationTitle: 'Trip to Lisbon', messageId: 'm2', role: 'assistant' });
    expect(hit!.snippet).toContain(`${MATCH_START}Belém${MATCH_END}`);
    expect(store.search('pastei').map((h) => (h.kind === 'message' ? h.messageId : null))).toEqual(['m1']);
    expect(store.search('"unbalanced OR (')).toEqual([]);
    expect(store.search('   ')).toEqual([]);
    store.putMessage('c1', message('m1', 'user', 'Something else entirely'));
    expect(store.search('nata')).toEqual([]);
  });

  it('hides a deleted conversation at once, restores it on undo, purges it at the next start', () => {
    const store = seeded();
    store.remove('c1');
    expect(store.list()).toEqual([]);
    expect(store.search('bakery')).toEqual([]);
    store.restore('c1');
    expect(store.list()).toHaveLength(1);
    store.remove('c1');
    store.close();
    const reopened = createHistoryStore(path);
    reopened.restore('c1');
    expect(reopened.list()).toEqual([]);
    expect(reopened.exists('c1')).toBe(false);
  });

  it('marks a reply that was streaming when the app died as interrupted', () => {
    const store = seeded();
    store.putMessage('c1', message('m4', 'assistant', 'Half a rep', { state: 'streaming' }));
    store.close();
    expect(createHistoryStore(path).get('c1').messages.at(-1)).toMatchObject({ id: 'm4', content: 'Half a rep', state: 'interrupted' });
  });
});

describe('migrations', () => {
  it.each(Array.from({ length: LATEST_VERSION }, (_, version) => version))('upgrade from version %i keeps the data', (from) => {
    const db = new DatabaseSync(path);
    migrate(db, from);
    if (from >= 1) {
      db.prepare(`INSERT INTO conversations (id, title, system_prompt, options, created_at, updated_at) VALUES ('old', 'Old chat', '', ?, 1, 1)`).run(
        JSON.stringify(options),
      );
      db.prepare(
        `INSERT INTO messages (id, conversation_id, position, role, content, state, created_at) VALUES ('om', 'old', 1, 'user', 'kept across upgrades', 'complete', 1)`,
      ).run();
      // From version 19 on, a conversation reads from its current leaf up (messages as a tree).
      if (from >= 19) db.prepare(`UPDATE conversations SET current_leaf = 'om' WHERE id = 'old'`).run();
    }
    // Deleted in the version before, purged at this start: remembered as deleted all the same.
    if (from >= 2) {
      db.prepare(`INSERT INTO conversations (id, title, system_prompt, options, created_at, updated_at, deleted_at) VALUES ('gone', 'Deleted', '', ?, 1, 1, 5)`).run(
        JSON.stringify(options),
      );
      // From version 12 on, a deletion is recorded as it is made.
      if (from >= 12) db.prepare(`INSERT INTO deleted_items (kind, id, deleted_at) VALUES ('conversation', 'gone', 5)`).run();
    }
    db.close();

    const store = createHistoryStore(path);
    expect(Number((store.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version)).toBe(MIGRATIONS.length);
    if (from >= 1) {
      expect(store.get('old').messages[0]!.content).toBe('kept across upgrades');
      expect(store.search('upgrades').map((hit) => (hit.kind === 'message' ? hit.messageId : null))).toEqual(['om']);
    }
    if (from >= 2) {
      expect(store.exists('gone')).toBe(false);
      expect([...store.deletions.ids('conversation')]).toEqual(['gone']);
    }
    expect(store.problem).toBeNull();
  });
});

describe('the notes index (migration 23)', () => {
  it('cuts notes kept before it into words, so a Japanese word inside them is found', () => {
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS.indexOf(notesTermsMigration));
    const record = spokenRecord('t1', 'Hello everyone.');
    db.prepare('INSERT INTO transcripts (id, file_name, created_at, request, transcript, text) VALUES (?, ?, ?, ?, ?, ?)').run(
      record.id,
      record.fileName,
      record.createdAt,
      JSON.stringify(record.request),
      JSON.stringify(record.transcript),
      record.transcript.text,
    );
    db.prepare(`INSERT INTO transcript_notes (transcript_id, template, created_at, items, cited, text) VALUES ('t1', '{}', 1, '[]', '{}', ?)`).run('来週までに予算の報告書を送ります。');
    db.close();

    const store = createHistoryStore(path);
    expect(store.search('予算').map((hit) => hit.kind === 'transcript' && hit.transcriptId)).toEqual(['t1']);
    store.close();
  });
});

describe('unusable database files', () => {
  it('moves a corrupt file aside, never deleting it, and starts fresh', async () => {
    await writeFile(path, 'this is not a database at all'.repeat(100));
    const store = createHistoryStore(path);
    expect(store.list()).toEqual([]);
    const kept = (await readdir(dir)).filter((name) => name.includes('.unusable-'));
    expect(kept).toHaveLength(1);
    expect(store.problem).toEqual([
      { code: expect.stringMatching(/^history_notice\.(unreadable|damaged)$/), values: {} },
      { code: 'history_notice.started_empty', values: { path: join(dir, kept[0]!) } },
    ]);
  });

  it('finds damage inside the file when the last run did not exit cleanly, and keeps every row it can read', async () => {
    const store = seeded();
    for (let i = 0; i < 300; i++) store.putMessage('c1', message(`x${i}`, 'user', `filler message number ${i} `.repeat(20)));
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    store.close();
    const bytes = await readFile(path);
    bytes.fill(0x5a, 4096 * 3, 4096 * 6);
    await writeFile(path, bytes);
    const reopened = createHistoryStore(path, { afterCrash: true });
    expect(reopened.problem).toEqual([
      { code: expect.stringMatching(/^history_notice\.(damaged|unreadable)$/), values: {} },
      { code: 'history_notice.salvaged', values: { conversations: 1, messages: expect.any(Number), transcripts: 0 } },
      { code: 'history_notice.incomplete', values: {} },
      { code: 'history_notice.kept', values: { path: expect.stringContaining('history.sqlite.unusable-') } },
    ]);
    // These pages held the messages table's root: its rows are gone, the conversation is not
    // (history-salvage.test.ts checks row by row what a damaged leaf page costs).
    expect(reopened.list()).toMatchObject([{ id: 'c1', title: 'Trip to Lisbon' }]);
    expect(reopened.salvaged?.tables).toContainEqual(expect.objectContaining({ table: 'messages', incomplete: true }));
  });

  it('moves aside a file written by a newer version', async () => {
    seeded().close();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${LATEST_VERSION + 5}`);
    db.close();
    const store = createHistoryStore(path);
    expect(store.problem?.[0]).toEqual({ code: 'history_notice.newer', values: { version: LATEST_VERSION + 5, latest: LATEST_VERSION } });
    expect(store.list()).toEqual([]);
    expect((await readdir(dir)).some((name) => name.includes('.unusable-'))).toBe(true);
  });
});
