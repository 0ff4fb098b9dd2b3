import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { BackupInfo, RestoreOutcome } from '../../../../shared/contract/history';
import type { Conversation, ConversationSummary } from '../../../../shared/domain/conversation';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { LATEST_VERSION, migrate } from '../../../../electron/core/services/history/migrations';
import { testFolder } from '../../../support/temp-folder';
import { app, fake, useCore } from '../../../support/use-core';

// Backups of the history database (services/history/backups.ts): online while replies are
// written, before every migration, and restored by merging, never by overwriting.
const options = { model: 'default', temperature: null, maxTokens: null, stream: true };
const send = (conversationId: string | null, text: string) =>
  app.invoke<{ conversationId: string; messageId: string }>('conversations:send', { conversationId, text, options });

function readBackup<T>(path: string, sql: string, ...params: string[]): T[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

useCore();

describe('history backups', () => {
  it('backs up the live database while a reply streams, without holding the reply up', async () => {
    const reply = 'steady words '.repeat(150);
    fake.chat.next({ reply, chunkSize: 4, intervalMs: 5 });
    const { conversationId } = await send(null, 'Talk for a while');
    await app.next(conversationId, 'delta', 3);
    const taken = await app.invoke<BackupInfo>('history:backUpNow');
    const [second] = await Promise.all([app.invoke<BackupInfo>('history:backUpNow'), app.end(conversationId)]);
    const path = join(app.dir, 'backups', taken.id);
    expect(readBackup<{ integrity_check: string }>(path, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // A consistent snapshot: the question, and the reply as far as it had been written.
    const rows = readBackup<{ role: string; content: string; state: string }>(
      path,
      'SELECT role, content, state FROM messages WHERE conversation_id = ? ORDER BY position',
      conversationId,
    );
    expect(rows[0]).toEqual({ role: 'user', content: 'Talk for a while', state: 'complete' });
    expect(reply.startsWith(rows[1]!.content)).toBe(true);
    expect(taken).toMatchObject({ conversations: 1, transcripts: 0, beforeMigration: false });
    expect((await app.invoke<Conversation>('history:open', { id: conversationId })).messages[1]).toMatchObject({ content: reply, state: 'complete' });
    const listed = await app.invoke<BackupInfo[]>('history:backups');
    expect(listed.map((backup) => backup.id)).toEqual(expect.arrayContaining([taken.id, second.id]));
    expect(listed[0]!.size).toBeGreaterThan(0);
  });

  it('merges a backup into a history that changed since: nothing overwritten, nothing duplicated on a second restore', async () => {
    fake.chat.next({ reply: 'First answer.' });
    const kept = await send(null, 'Kept as it was');
    await app.end(kept.conversationId);
    fake.chat.next({ reply: 'Second answer.' });
    const changed = await send(null, 'Changed later');
    await app.end(changed.conversationId);
    fake.chat.next({ reply: 'Third answer.' });
    const deleted = await send(null, 'Deleted later');
    await app.end(deleted.conversationId);
    const backup = await app.invoke<BackupInfo>('history:backUpNow');

    fake.chat.next({ reply: 'A newer answer.' });
    await send(changed.conversationId, 'Going on');
    await app.next(changed.conversationId, 'done', 2);
    await app.invoke('history:remove', { id: deleted.conversationId });
    const before = await app.invoke<Conversation>('history:open', { id: changed.conversationId });

    const outcome = await app.invoke<RestoreOutcome>('history:restoreBackup', { id: backup.id });
    expect(outcome).toEqual({ added: 0, copied: 2, unchanged: 1, transcripts: 0 });
    // The conversation that went on is untouched; the backup's version sits beside it.
    expect(await app.invoke('history:open', { id: changed.conversationId })).toEqual(before);
    const titles = (await app.invoke<ConversationSummary[]>('history:list')).map((c) => [c.title, c.messageCount]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['Kept as it was', 2],
        ['Changed later', 4],
        ['Changed later', 2],
        ['Deleted later', 2],
      ]),
    );
    expect(titles).toHaveLength(4);
    expect(await app.invoke('history:restoreBackup', { id: backup.id })).toEqual({ added: 0, copied: 0, unchanged: 3, transcripts: 0 });
    // The copy read while merging is gone; the backup itself is untouched.
    expect(await readdir(join(app.dir, 'backups'))).toEqual([backup.id]);
    expect((await app.invoke<BackupInfo[]>('history:backups'))[0]).toEqual(backup);

    await expect(app.invoke('history:restoreBackup', { id: '../history.sqlite' })).rejects.toThrow('backup.gone');
  });
});

describe('before a migration', () => {
  it('copies the database as it was, then migrates; the last 7 backups are kept', async () => {
    const dir = await testFolder('confab-migrate-');
    const path = join(dir, 'history.sqlite');
    const old = new DatabaseSync(path);
    migrate(old, LATEST_VERSION - 1);
    old.exec(`INSERT INTO conversations (id, title, options, created_at, updated_at) VALUES ('c1', 'Old', '{}', 1, 1)`);
    old.close();

    let clock = Date.parse('2026-01-01T00:00:00Z');
    const backups = createBackups({ dir: join(dir, 'backups'), now: () => (clock += 1000) });
    const store = createHistoryStore(path, { beforeMigrating: backups.beforeMigrating });
    const [taken] = backups.list();
    expect(taken).toMatchObject({ beforeMigration: true, conversations: 1 });
    expect(taken!.id).toBe(`history-2026-01-01T00-00-01-000Z-before-v${LATEST_VERSION}.sqlite`);
    expect(readBackup(backups.pathOf(taken!.id), 'PRAGMA user_version')).toEqual([{ user_version: LATEST_VERSION - 1 }]);
    expect(store.db.prepare('PRAGMA user_version').get()).toEqual({ user_version: LATEST_VERSION });

    for (let i = 0; i < 8; i++) await backups.backUp(store.db);
    const names = backups.list().map((backup) => backup.id);
    expect(names).toHaveLength(7);
    expect(names).not.toContain(taken!.id);
    expect(await backups.dailyIfDue(store.db)).toBeNull();
    clock += 25 * 60 * 60 * 1000;
    expect(await backups.dailyIfDue(store.db)).toMatchObject({ conversations: 1 });
    store.close();
  });

  it('leaves no partial file behind when a backup fails', async () => {
    const dir = await testFolder('confab-migrate-');
    const path = join(dir, 'history.sqlite');
    const at = Date.parse('2026-01-01T00:00:00Z');
    const backups = createBackups({ dir: join(dir, 'backups'), now: () => at });
    const store = createHistoryStore(path);
    // The backup's own name is taken by a folder, so the copy is written and cannot be renamed into place.
    await mkdir(join(dir, 'backups', 'history-2026-01-01T00-00-00-000Z.sqlite', 'taken'), { recursive: true });
    await expect(backups.backUp(store.db)).rejects.toThrow();
    expect(await readdir(join(dir, 'backups'))).toEqual(['history-2026-01-01T00-00-00-000Z.sqlite']);
    store.close();
  });

  it('takes none for a new database', async () => {
    const dir = await testFolder('confab-migrate-');
    const backups = createBackups({ dir: join(dir, 'backups') });
    createHistoryStore(join(dir, 'history.sqlite'), { beforeMigrating: backups.beforeMigrating }).close();
    expect(backups.list()).toEqual([]);
  });
});
