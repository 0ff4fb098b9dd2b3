import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../../shared/contract/history';
import type { ConversationSummary } from '../../../../shared/domain/conversation';
import type { ProblemData } from '../../../../shared/domain/problem';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { type FakeService, startFakeService } from '../../../fake-service/server';
import { CONVERSATIONS, conversation, conversationsOnDamagedPages, damage, historyFile } from '../../../support/damaged-history';
import { startCore } from '../../../support/tool-driver';

// Damage that a clean start does not look for (a page of the full-text index), met by a search
// while Confab runs: the search says the history is being repaired, writes stop going into the
// damaged file, and the history is repaired in place without a restart.
let fake: FakeService;
beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());

describe('damage met while Confab runs', () => {
  it('repairs the history in place: search works again, nothing readable is lost, the backup is merged and the damaged file kept', async () => {
    const path = await historyFile();
    const dir = join(path, '..');
    const store = createHistoryStore(path);
    await createBackups({ dir: join(dir, 'backups') }).backUp(store.db);
    store.insertWhole({ ...conversation(CONVERSATIONS), title: 'Written after the backup' });
    store.close();
    await damage(path, 'messages_fts_data', 'every');

    const app = await startCore(fake, { dir });
    try {
      const search = () => app.invoke<SearchHit[]>('history:search', { query: 'quarterly', limit: 200 });
      await expect(search()).rejects.toThrow('history.repairing');
      await expect.poll(() => search().then((hits) => hits.length, () => 0)).toBe(200);

      const status = () => app.invoke<{ problem: ProblemData[] | null }>('history:status').then((s) => s.problem);
      await expect.poll(status).not.toBeNull();
      expect(await status()).toEqual([
        { code: 'history_notice.repaired', values: {} },
        { code: 'history_notice.salvaged', values: { conversations: 241, messages: 2410, transcripts: 0 } },
        { code: 'history_notice.backup_merged', values: { date: expect.any(Number), conversations: 0, transcripts: 0 } },
        { code: 'history_notice.kept', values: { path: expect.stringMatching(/history\.sqlite\.damaged-/) } },
      ]);
      expect((await readdir(dir)).filter((name) => name.startsWith('history.sqlite.damaged-') && !name.endsWith('-wal'))).toHaveLength(1);

      // Writes go on into the repaired file, and are found.
      const { conversationId } = await app.invoke<{ conversationId: string }>('conversations:send', {
        conversationId: null,
        text: 'A zanzibar question after the repair',
        options: { model: 'default', temperature: null, maxTokens: null, stream: true },
      });
      await expect.poll(() => app.invoke<SearchHit[]>('history:search', { query: 'zanzibar' }).then((hits) => hits.map((hit) => (hit.kind === 'message' ? hit.conversationId : null)))).toContain(conversationId);
      expect(await app.invoke<ConversationSummary[]>('history:list')).toHaveLength(CONVERSATIONS + 2);
    } finally {
      await app.dispose();
    }
  });

  it("shows the repair's notice again after a restart until it is dismissed, and a dismissal of another notice changes nothing", async () => {
    const path = await historyFile();
    const dir = join(path, '..');
    const store = createHistoryStore(path);
    await createBackups({ dir: join(dir, 'backups') }).backUp(store.db);
    store.close();
    await damage(path, 'messages', 'root');
    type Status = { problem: ProblemData[] | null; noticeId: string | null };
    const markers = async () => (await readdir(join(dir, 'backups'))).filter((name) => name.endsWith('.kept-for-notice'));

    let app = await startCore(fake, { dir });
    let shown: Status;
    try {
      await app.invoke('history:open', { id: 'c7' }).catch(() => undefined);
      await expect.poll(() => app.invoke<Status>('history:status').then((s) => s.problem)).not.toBeNull();
      shown = await app.invoke<Status>('history:status');
      expect(shown.noticeId).toEqual(expect.any(String));
    } finally {
      // A quit: the data folder stays.
      await app.close();
    }
    expect(await markers()).toHaveLength(1);

    // Quit before the notice was dismissed: it is there again, and its backup is still kept for it.
    app = await startCore(fake, { dir });
    try {
      expect(await app.invoke<Status>('history:status')).toEqual(shown);
      // A page that dismisses a notice it showed before this one: this one stays.
      await app.invoke('history:noticeSeen', { id: 'an-older-notice' });
      expect(await app.invoke<Status>('history:status')).toEqual(shown);
      expect(await markers()).toHaveLength(1);
      await app.invoke('history:noticeSeen', { id: shown.noticeId });
      expect(await app.invoke<Status>('history:status')).toEqual({ problem: null, noticeId: null });
      expect(await markers()).toEqual([]);
    } finally {
      await app.close();
    }
    app = await startCore(fake, { dir });
    try {
      expect(await app.invoke<Status>('history:status')).toEqual({ problem: null, noticeId: null });
    } finally {
      await app.dispose();
    }
  });

  it("salvages damage met by the start's own writes (deleted conversations purged), instead of failing to start", async () => {
    const path = await historyFile();
    // 41 conversations around those whose messages the damage hits: deleted last run, purged at
    // this start, so the purge walks the damaged page.
    const hit = await conversationsOnDamagedPages(path);
    expect(hit.length).toBeGreaterThan(0);
    const from = Math.max(0, Math.min(hit[0]!, CONVERSATIONS - 41, hit.at(-1)! - 40));
    const edit = new DatabaseSync(path);
    edit.exec(`UPDATE conversations SET deleted_at = 1 WHERE CAST(substr(id, 2) AS INTEGER) BETWEEN ${from} AND ${from + 40}`);
    edit.close();
    await damage(path, 'messages');

    const history = createHistoryStore(path, { onDamage: () => undefined });
    try {
      expect(history.problem?.slice(0, 2).map((part) => part.code)).toEqual(['history_notice.damaged', 'history_notice.salvaged']);
      expect(history.list()).toHaveLength(CONVERSATIONS - 41);
    } finally {
      history.close();
    }
  });

  it('keeps no backup of a damaged file, so the good ones stay among the last seven', async () => {
    const path = await historyFile();
    const backups = createBackups({ dir: join(path, '..', 'backups') });
    const before = createHistoryStore(path);
    await backups.backUp(before.db);
    before.close();
    await damage(path, 'messages');
    // A clean start does not read every page: the damage is still unknown when the daily backup runs.
    const history = createHistoryStore(path);
    try {
      await expect(backups.backUp(history.db)).rejects.toThrow('backup.history_damaged');
      expect(backups.list()).toHaveLength(1);
      expect((await readdir(join(path, '..', 'backups'))).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      history.close();
    }
  });
});
