import { copyFileSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/domain/conversation';
import type { ProblemData } from '../../../../shared/domain/problem';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { scanPages } from '../../../../electron/core/services/history/page-scan';
import { salvageHistory } from '../../../../electron/core/services/history/salvage';
import { CONVERSATIONS, MESSAGES, TOTAL, conversation, damage, historyFile, readableIds, rootPage } from '../../../support/damaged-history';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { spokenRecord } from '../../../support/spoken-record';
import { testFolder } from '../../../support/temp-folder';
import { startCore } from '../../../support/tool-driver';

// A table's root page overwritten with random bytes: SQLite reaches none of its rows through the
// tree, but they still sit on the file's other pages. The salvage reads those pages, and nothing
// the user deleted comes back with them.

const allIds = (except: (n: number, m: number) => boolean = () => false) =>
  Array.from({ length: CONVERSATIONS }, (_, n) => Array.from({ length: MESSAGES }, (_, m) => (except(n, m) ? [] : [`c${n}-m${m}`])).flat())
    .flat()
    .sort();

function read(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return {
      messages: db.prepare('SELECT id, conversation_id, content FROM messages ORDER BY id').all() as Array<{ id: string; conversation_id: string; content: string }>,
      conversations: db.prepare('SELECT id, title FROM conversations ORDER BY id').all() as Array<{ id: string; title: string }>,
      check: (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
      searchable: Number((db.prepare(`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'quarterly'`).get() as { n: number }).n),
    };
  } finally {
    db.close();
  }
}

describe('salvaging rows no intact tree reaches (the page scan)', () => {
  it("salvages every message when the messages table's root page is random bytes", async () => {
    const path = await historyFile();
    await damage(path, 'messages', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);

    const salvaged = read(target);
    // The root of a table of many pages holds only the way to its leaves: no row is lost with it.
    expect(salvaged.messages.map((m) => m.id)).toEqual(allIds());
    expect(salvaged.messages.find((m) => m.id === 'c7-m3')).toEqual({ id: 'c7-m3', conversation_id: 'c7', content: conversation(7).messages[3]!.content });
    expect(salvaged.check).toBe('ok');
    expect(salvaged.searchable).toBe(TOTAL);
    expect(report.tables).toContainEqual({ table: 'messages', copied: TOTAL, incomplete: true });
    const store = createHistoryStore(target);
    expect(store.list().every((c) => c.messageCount === MESSAGES)).toBe(true);
    store.close();
  });

  it("salvages every conversation, with its title, when the conversations table's root page is random bytes", async () => {
    const path = await historyFile();
    await damage(path, 'conversations', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);

    const salvaged = read(target);
    expect(salvaged.conversations).toEqual(Array.from({ length: CONVERSATIONS }, (_, n) => ({ id: `c${n}`, title: `Conversation ${n}` })).sort((a, b) => a.id.localeCompare(b.id)));
    expect(salvaged.messages).toHaveLength(TOTAL);
  });

  it('salvages a long message whole, from its overflow pages', async () => {
    const path = await historyFile();
    const long = `${'A long pasted report, line by line. '.repeat(800)}The end.`;
    const store = createHistoryStore(path);
    store.putMessage('c3', { ...conversation(3).messages[0]!, id: 'c3-long', content: long });
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    store.close();
    await damage(path, 'messages', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);

    expect(read(target).messages.find((m) => m.id === 'c3-long')?.content).toBe(long);
  });

  it("reads the intact leaves of a damaged table's own tree: the rows of its other pages, whatever SQLite's seeks reach", async () => {
    const path = await historyFile();
    await damage(path, 'messages', 'first');
    const readable = readableIds(path);
    const scan = withSchema(path, (schema) => scanPages(path, schema, ['conversations', 'messages']));

    expect(scan?.damaged.has('messages')).toBe(true);
    expect((scan?.rows.get('messages') ?? []).map((row) => row.values[0]).sort()).toEqual(readable);
    // The intact tables' rows are SQLite's to read.
    expect(scan?.rows.has('conversations')).toBe(false);
  });

  it("scans every other table when an interior page's cell pointer points at its last bytes", async () => {
    const path = await historyFile();
    await damage(path, 'conversations', 'root');
    await pointAtPageEnd(path, 'messages');
    const scan = withSchema(path, (schema) => scanPages(path, schema, ['conversations', 'messages']));
    expect(scan?.damaged).toEqual(new Set(['conversations', 'messages']));
    expect(scan?.rows.get('conversations')).toHaveLength(CONVERSATIONS);

    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);
    const salvaged = read(target);
    expect(salvaged.conversations).toHaveLength(CONVERSATIONS);
    expect(salvaged.messages).toHaveLength(TOTAL);
  });

  it('brings back no deleted conversation or message: not from what is left on a page, nor from free pages', async () => {
    const path = await historyFile();
    deleteUnzeroed(path);
    await damage(path, 'messages', 'root');
    await damage(path, 'conversations', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);

    const salvaged = read(target);
    expect(salvaged.messages.map((m) => m.id)).toEqual(allIds(deleted));
    expect(salvaged.conversations).toHaveLength(CONVERSATIONS - 60);
    expect(salvaged.conversations.filter((c) => /^c1[0-5]\d$/.test(c.id))).toEqual([]);
  });

  it('reads no left-over page when the freelist is damaged: a free page could not be told from a lost one', async () => {
    const path = await historyFile();
    deleteUnzeroed(path);
    const header = readFileSync(path).subarray(0, 100);
    const trunk = header.readUInt32BE(32);
    const pageSize = header.readUInt16BE(16);
    const file = await open(path, 'r+');
    await file.write(Buffer.alloc(pageSize, 0x0d), 0, pageSize, (trunk - 1) * pageSize);
    await file.close();
    await damage(path, 'messages', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);

    const salvaged = read(target);
    expect(salvaged.messages.filter((m) => deleted(Number(m.conversation_id.slice(1)), Number(m.id.split('-m')[1])))).toEqual([]);
    expect(report.tables).toContainEqual({ table: 'messages', copied: 0, incomplete: true });
    expect(salvaged.conversations).toHaveLength(CONVERSATIONS - 60);
  });

  it("leaves none of a deleted conversation's words in the file: Confab zeroes what it deletes", async () => {
    const path = await historyFile();
    const store = createHistoryStore(path);
    store.remove('c42');
    store.close();
    // Purged at the next start.
    const reopened = createHistoryStore(path);
    expect(reopened.list()).toHaveLength(CONVERSATIONS - 1);
    reopened.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    reopened.close();

    const bytes = readFileSync(path).toString('latin1');
    expect(bytes.includes('of conversation 42:')).toBe(false);
    expect(bytes.includes('Conversation 42')).toBe(false);
    expect(bytes.includes('Message 3 of conversation 43:')).toBe(true);
  });

  it("leaves no single word of a deleted conversation, a removed message or a deleted transcript in the file, the full-text indexes' included", async () => {
    const path = await historyFile();
    const store = createHistoryStore(path);
    const word = (n: number) => `xylophonequokka${n}`;
    store.putMessage('c42', { ...conversation(42).messages[0]!, id: 'c42-rare', content: `Notes on ${word(1)} for later.` });
    store.putMessage('c43', { ...conversation(43).messages[0]!, id: 'c43-rare', content: `Then ${word(2)} again.` });
    store.transcripts.put(spokenRecord('t-rare', `We discussed ${word(3)} today`), null);
    store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    // Its own words are in the file, in the messages table and in the full-text index.
    expect(readFileSync(path).toString('latin1').split(word(1)).length).toBeGreaterThan(2);
    store.remove('c42');
    // Edit and resend: the messages after the edited one are removed.
    store.truncateAfter('c43', 'c43-m9');
    store.transcripts.remove('t-rare');
    store.close();
    // Purged at the next start.
    const reopened = createHistoryStore(path);
    expect(reopened.search('quarterly').length).toBeGreaterThan(0);
    reopened.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    reopened.close();

    const bytes = readFileSync(path).toString('latin1');
    expect(bytes.includes(word(1))).toBe(false);
    expect(bytes.includes(word(2))).toBe(false);
    expect(bytes.includes(word(3))).toBe(false);
  });

  it('keeps what only the WAL holds: a message written just before the crash, with the root page damaged', async () => {
    const path = await historyFile();
    const crashed = join(await testFolder('confab-crashed-'), 'history.sqlite');
    const writer = new DatabaseSync(path);
    writer.exec('PRAGMA wal_autocheckpoint = 0');
    writer
      .prepare(`INSERT INTO messages (id, conversation_id, position, role, content, state, created_at) VALUES ('c239-late', 'c239', 99, 'user', 'Written last', 'complete', 1)`)
      .run();
    // The file and its WAL as a crash leaves them: the message's leaf is in the WAL, the root is
    // not. The root is damaged before the WAL is put beside the file (opening it would checkpoint).
    copyFileSync(path, crashed);
    await damage(crashed, 'messages', 'root');
    copyFileSync(`${path}-wal`, `${crashed}-wal`);
    writer.close();
    expect(walPages(`${crashed}-wal`)).not.toContain(rootPage(path, 'messages'));
    const target = join(crashed, '..', 'salvaged.sqlite');
    salvageHistory(crashed, target);

    expect(read(target).messages.map((m) => m.id)).toEqual([...allIds(), 'c239-late'].sort());
  });

  it('salvages a table no code names (one a later feature adds), even with its root page damaged', async () => {
    const path = await historyFile();
    addBookmarks(path, CONVERSATIONS);
    await damage(path, 'bookmarks', 'root');
    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);

    const db = new DatabaseSync(target, { readOnly: true });
    const rows = db.prepare('SELECT id, conversation_id, note FROM bookmarks ORDER BY rowid').all();
    db.close();
    expect(rows).toEqual(Array.from({ length: CONVERSATIONS }, (_, n) => ({ id: `b${n}`, conversation_id: `c${n}`, note: bookmarkNote(n) })));
    expect(report.tables.map((t) => t.table)).toEqual(['conversations', 'messages', 'transcripts', 'transcript_edits', 'deleted_items', 'transcript_rows', 'note_templates', 'transcript_notes', 'people', 'translations', 'translation_rows', 'bookmarks']);
  });

  it('salvages a WITHOUT ROWID table no code names, which has no rowid to seek by', async () => {
    const path = await historyFile();
    const db = new DatabaseSync(path);
    db.exec(`CREATE TABLE tags (conversation_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (conversation_id, tag)) WITHOUT ROWID;
      INSERT INTO tags VALUES ('c1', 'budget'), ('c2', 'travel');`);
    db.close();
    await damage(path, 'messages');
    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);

    const salvaged = new DatabaseSync(target, { readOnly: true });
    expect(salvaged.prepare('SELECT conversation_id, tag FROM tags ORDER BY tag').all()).toEqual([
      { conversation_id: 'c1', tag: 'budget' },
      { conversation_id: 'c2', tag: 'travel' },
    ]);
    salvaged.close();
  });

  it('restores a table no code names from a backup: rows the history lacks are added', async () => {
    const dir = await testFolder('confab-restore-');
    const backup = join(dir, 'backup.sqlite');
    const live = join(dir, 'history.sqlite');
    const history = createHistoryStore(live);
    history.close();
    addBookmarks(live, 0);
    const source = createHistoryStore(backup);
    for (let n = 0; n < 3; n++) source.insertWhole(conversation(n));
    source.close();
    addBookmarks(backup, 3);

    const store = createHistoryStore(live);
    mergeBackup(store, backup, join(dir, 'scratch.sqlite'), 'restored');
    const rows = store.db.prepare('SELECT id, note FROM bookmarks ORDER BY id').all();
    store.close();
    expect(rows).toEqual([0, 1, 2].map((n) => ({ id: `b${n}`, note: bookmarkNote(n) })));
  });
});

describe('a damaged root page met while Confab runs', () => {
  let fake: FakeService;
  beforeAll(async () => {
    fake = await startFakeService();
  });
  afterAll(() => fake.close());

  it('repairs the history in place with every message of every conversation', async () => {
    const path = await historyFile();
    await damage(path, 'messages', 'root');
    const app = await startCore(fake, { dir: join(path, '..') });
    try {
      const open = () => app.invoke<Conversation>('history:open', { id: 'c7' });
      // The start's own reads (the held items' sweep lists the conversations) may meet the damage
      // first: then the repair is already under way, or done, when the page asks.
      await open().catch((error: Error) => expect(error.message).toContain('history.repairing'));
      await expect.poll(() => open().then((c) => c.messages.length, () => 0), { timeout: 10_000 }).toBe(MESSAGES);
      // The live connection reads the repaired pages as the backup writes them, a turn before the repair sets its notice.
      const problem = () => app.invoke<{ problem: ProblemData[] | null }>('history:status').then((status) => status.problem ?? []);
      await expect.poll(problem, { timeout: 10_000 }).toContainEqual({ code: 'history_notice.salvaged', values: { conversations: CONVERSATIONS, messages: TOTAL, transcripts: 0 } });
    } finally {
      await app.dispose();
    }
  });
});

function withSchema<T>(path: string, use: (schema: DatabaseSync) => T): T {
  const schema = new DatabaseSync(path, { readOnly: true });
  try {
    return use(schema);
  } finally {
    schema.close();
  }
}

/**
 * Points the first cell of `name`'s root (an interior page) at the page's last two bytes: a cell
 * offset inside the page, where a child's 4-byte page number cannot fit.
 */
async function pointAtPageEnd(path: string, name: string) {
  const root = rootPage(path, name);
  const pageSize = readFileSync(path).readUInt16BE(16);
  const file = await open(path, 'r+');
  const page = Buffer.alloc(pageSize);
  await file.read(page, 0, pageSize, (root - 1) * pageSize);
  expect(page[0]).toBe(0x05);
  page.writeUInt16BE(pageSize - 2, 12);
  await file.write(page, 0, pageSize, (root - 1) * pageSize);
  await file.close();
}

/** Conversations c100–c159 and message c5-m3, deleted by deleteUnzeroed. */
const deleted = (n: number, m: number) => (n >= 100 && n <= 159) || (n === 5 && m === 3);

/**
 * Deletes as SQLite does without secure_delete (as Confab did before it zeroed what it deletes), so
 * the deleted words stay in the file for a careless scan to find: in a page's free space and on
 * pages moved to the freelist.
 */
function deleteUnzeroed(path: string) {
  const edit = new DatabaseSync(path);
  edit.exec(`PRAGMA secure_delete = OFF; PRAGMA foreign_keys = ON;
    DELETE FROM conversations WHERE CAST(substr(id, 2) AS INTEGER) BETWEEN 100 AND 159;
    DELETE FROM messages WHERE id = 'c5-m3';
    PRAGMA wal_checkpoint(TRUNCATE);`);
  const free = Number((edit.prepare('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count);
  edit.close();
  const bytes = readFileSync(path).toString('latin1');
  expect(free).toBeGreaterThan(5);
  expect(bytes.includes('Message 3 of conversation 5:')).toBe(true);
  expect(bytes.includes('Message 4 of conversation 130:')).toBe(true);
}

const bookmarkNote = (n: number) => `Bookmark ${n}: ${'worth reading again '.repeat(10)}`;

/** A table the schema gains in this test, as a later feature's migration would add one. */
function addBookmarks(path: string, count: number) {
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE bookmarks (id TEXT PRIMARY KEY, conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE, note TEXT NOT NULL)`);
  const insert = db.prepare('INSERT INTO bookmarks (id, conversation_id, note) VALUES (?, ?, ?)');
  for (let n = 0; n < count; n++) insert.run(`b${n}`, `c${n}`, bookmarkNote(n));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

/** The page numbers a WAL file holds frames of (sqlite.org/fileformat.html#the_write_ahead_log). */
function walPages(wal: string): number[] {
  const bytes = readFileSync(wal);
  const pageSize = bytes.readUInt32BE(8);
  const pages: number[] = [];
  for (let at = 32; at + 24 + pageSize <= bytes.length; at += 24 + pageSize) pages.push(bytes.readUInt32BE(at));
  return pages;
}
