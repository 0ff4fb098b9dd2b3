import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { openHistory } from '../../../../electron/core/services/history/open-history';
import { mergeBackup } from '../../../../electron/core/services/history/restore';
import { salvageHistory } from '../../../../electron/core/services/history/salvage';
import { CONVERSATIONS, MESSAGES, TOTAL, conversation, damage, historyFile, readableIds } from '../../../support/damaged-history';
import { spokenRecord } from '../../../support/spoken-record';

// A real history file with one page overwritten by garbage, as a failing disk leaves it; the
// salvage must copy every row that can still be read, and nothing else.

const salvagedIds = (path: string) => {
  const db = new DatabaseSync(path, { readOnly: true });
  const ids = (db.prepare('SELECT id FROM messages ORDER BY id').all() as { id: string }[]).map((row) => row.id);
  const check = (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  const found = db.prepare(`SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH 'quarterly'`).get() as { n: number };
  db.close();
  return { ids, check, searchable: found.n };
};

describe('salvaging a damaged history', () => {
  it('copies every readable message when a page of the messages table is garbage, and only that page is lost', async () => {
    const path = await historyFile();
    await damage(path, 'messages');
    const readable = readableIds(path);
    expect(readable.length).toBeLessThan(TOTAL);
    expect(readable.length).toBeGreaterThan(TOTAL - 50);

    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);
    const salvaged = salvagedIds(target);
    expect(salvaged.ids).toEqual(readable);
    expect(salvaged.check).toBe('ok');
    expect(salvaged.searchable).toBe(readable.length);
    expect(report.tables).toContainEqual({ table: 'messages', copied: readable.length, incomplete: true });
    expect(report.tables).toContainEqual({ table: 'conversations', copied: CONVERSATIONS, incomplete: false });
    // The fresh file opens as a history, every conversation with its readable messages.
    const store = createHistoryStore(target);
    expect(store.list()).toHaveLength(CONVERSATIONS);
    expect(store.get('c120').messages.map((m) => m.id).filter((id) => !readable.includes(id))).toEqual([]);
    store.close();
  });

  it("loses only the first leaf's rows when the messages table's lowest leaf is garbage", async () => {
    const path = await historyFile();
    await damage(path, 'messages', 'first');
    const readable = readableIds(path);
    expect(readable).not.toContain('c0-m0');
    expect(readable.length).toBeGreaterThan(TOTAL - 50);

    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);
    expect(salvagedIds(target).ids).toEqual(readable);
    expect(report.tables).toContainEqual({ table: 'messages', copied: readable.length, incomplete: true });
  });

  it('loses nothing when the damaged page belongs to an index: the fresh database builds its indices again', async () => {
    const path = await historyFile();
    await damage(path, 'messages_by_conversation');
    const target = join(path, '..', 'salvaged.sqlite');
    const report = salvageHistory(path, target);
    const salvaged = salvagedIds(target);
    expect(salvaged.ids).toHaveLength(TOTAL);
    expect(salvaged.check).toBe('ok');
    expect(report.tables.every((table) => !table.incomplete)).toBe(true);
  });

  it('gives a conversation of its own to messages whose conversation row was lost', async () => {
    const path = await historyFile();
    await damage(path, 'conversations');
    const target = join(path, '..', 'salvaged.sqlite');
    salvageHistory(path, target);
    const store = createHistoryStore(target);
    const list = store.list();
    expect(list).toHaveLength(CONVERSATIONS);
    expect(list.filter((c) => c.title === 'Recovered conversation').length).toBeGreaterThan(0);
    expect(list.reduce((sum, c) => sum + c.messageCount, 0)).toBe(TOTAL);
    store.close();
  });

  it('merges the newest backup into the salvaged history: what the damage took and the backup holds comes back', async () => {
    const path = await historyFile();
    const dataDir = join(path, '..');
    const backups = createBackups({ dir: join(dataDir, 'backups') });
    const before = createHistoryStore(path);
    await backups.backUp(before.db);
    before.insertWhole({ ...conversation(CONVERSATIONS), title: 'Written after the backup' });
    before.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    before.close();
    await damage(path, 'messages');

    const history = openHistory({ dataDir, afterCrash: true, backups });
    const list = history.list();
    // Salvaged: every conversation, the one written after the backup included; from the backup: the
    // messages the damage took, back in their conversations at their places, and no copies.
    expect(list.find((c) => c.title === 'Written after the backup')?.messageCount).toBe(MESSAGES);
    expect(list.map((c) => c.id).filter((id) => !/^c\d+$/.test(id))).toEqual([]);
    expect(list.filter((c) => c.messageCount !== MESSAGES)).toEqual([]);
    for (const n of [0, 120, 239]) expect(history.get(`c${n}`).messages).toEqual(conversation(n).messages);
    const [newest] = backups.list();
    expect(history.problem?.map((part) => part.code)).toEqual([
      'history_notice.damaged',
      'history_notice.salvaged',
      'history_notice.incomplete',
      'history_notice.kept',
      'history_notice.backup_merged',
    ]);
    expect(history.problem?.[4]?.values).toEqual({ date: newest!.createdAt, conversations: expect.any(Number), transcripts: 0 });
    expect(history.problem?.[4]?.values.conversations).toBeGreaterThan(0);
    history.close();
  });
});

describe('what the user deleted after the backup', () => {
  const said = 'Bilal asked why the bridge was late.';

  it('is not brought back by the repair that merges the backup: every other conversation and transcript is', async () => {
    const path = await historyFile();
    const dataDir = join(path, '..');
    const backups = createBackups({ dir: join(dataDir, 'backups') });
    const before = createHistoryStore(path);
    for (const id of ['t1', 't2']) before.transcripts.put(spokenRecord(id, said), null);
    await backups.backUp(before.db);
    // Deleted and purged at the next start, deleted and still undoable, and a transcript deleted.
    before.remove('c5');
    before.transcripts.remove('t1');
    before.close();
    const purged = createHistoryStore(path);
    expect(purged.exists('c5')).toBe(false);
    purged.remove('c6');
    purged.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    purged.close();
    await damage(path, 'messages', 'root');

    const history = openHistory({ dataDir, afterCrash: true, backups });
    try {
      expect(history.problem?.map((part) => part.code)).toContain('history_notice.backup_merged');
      const list = history.list();
      expect(list.map((c) => c.id).sort()).toEqual(
        Array.from({ length: CONVERSATIONS }, (_, n) => `c${n}`)
          .filter((id) => id !== 'c5' && id !== 'c6')
          .sort(),
      );
      expect(list.every((c) => c.messageCount === MESSAGES)).toBe(true);
      expect(history.transcripts.list().map((t) => t.id)).toEqual(['t2']);
    } finally {
      history.close();
    }
  });

  it('nor as a copy: a conversation changed since, a copy the user deleted, messages removed by editing and resending stay as the user left them', async () => {
    const path = await historyFile();
    const dataDir = join(path, '..');
    const backups = createBackups({ dir: join(dataDir, 'backups') });
    const before = createHistoryStore(path);
    const { id: backup } = await backups.backUp(before.db);
    // c7 went on after the backup; c8 was edited and resent from its fourth message.
    before.putMessage('c7', { ...conversation(7).messages[0]!, id: 'c7-later', content: 'Written after the backup' });
    before.truncateAfter('c8', 'c8-m3');
    // The user's own restore made a copy of c7 beside it; the user deleted that copy.
    expect(mergeBackup(before, backups.pathOf(backup), join(dataDir, 'scratch.sqlite'), 'restored')).toMatchObject({ copied: 2 });
    const copyIds = before.list().map((c) => c.id).filter((id) => !/^c\d+$/.test(id));
    for (const id of copyIds) before.remove(id);
    before.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    before.close();
    await damage(path, 'messages', 'root');

    const history = openHistory({ dataDir, afterCrash: true, backups });
    try {
      expect(history.problem?.map((part) => part.code)).toContain('history_notice.backup_merged');
      expect(history.list().map((c) => c.id).filter((id) => !/^c\d+$/.test(id))).toEqual([]);
      expect(history.get('c7').messages.map((m) => m.id)).toEqual([...conversation(7).messages.map((m) => m.id), 'c7-later']);
      expect(history.get('c8').messages.map((m) => m.id)).toEqual(['c8-m0', 'c8-m1', 'c8-m2', 'c8-m3']);
    } finally {
      history.close();
    }
  });

  it("is brought back by the user's own restore, and from then on a repair brings it back too", async () => {
    const path = await historyFile();
    const dataDir = join(path, '..');
    const backups = createBackups({ dir: join(dataDir, 'backups') });
    const before = createHistoryStore(path);
    before.transcripts.put(spokenRecord('t1', said), null);
    const { id: backup } = await backups.backUp(before.db);
    before.remove('c5');
    before.transcripts.remove('t1');
    before.close();
    const restored = createHistoryStore(path);
    expect(mergeBackup(restored, backups.pathOf(backup), join(dataDir, 'scratch.sqlite'), 'restored')).toMatchObject({ added: 1, transcripts: 1 });
    expect(restored.meta('c5').title).toBe('Conversation 5');
    // Lost again, as a damaged leaf page would lose them (not deleted by the user this time).
    restored.db.exec(`DELETE FROM conversations WHERE id = 'c5'; DELETE FROM transcripts WHERE id = 't1'; PRAGMA wal_checkpoint(TRUNCATE);`);
    restored.close();
    await damage(path, 'messages', 'root');

    const history = openHistory({ dataDir, afterCrash: true, backups });
    try {
      expect(history.get('c5').messages).toHaveLength(MESSAGES);
      expect(history.transcripts.list().map((t) => t.id)).toEqual(['t1']);
    } finally {
      history.close();
    }
  });
});
