import { mkdir, readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleBackups } from '../../../../electron/core/services/history/backup-schedule';
import { createBackups } from '../../../../electron/core/services/history/backups';
import { createHistoryStore } from '../../../../electron/core/services/history/history-store';
import { openHistory } from '../../../../electron/core/services/history/open-history';
import { CONVERSATIONS, MESSAGES, conversation, damage, historyFile } from '../../../support/damaged-history';
import { testFolder } from '../../../support/temp-folder';

// When backups are taken (services/history/backups.ts): from the first minutes of a fresh
// history, and never so that the one from before a repair is lost before the user was told.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

afterEach(() => {
  vi.useRealTimers();
});

/** A written history in a data folder of its own, with one backup of it taken (the store closed). */
async function backedUpHistory() {
  const path = await historyFile();
  const dir = join(path, '..');
  const backups = createBackups({ dir: join(dir, 'backups') });
  const store = createHistoryStore(path);
  const { id } = await backups.backUp(store.db);
  store.close();
  return { path, dir, backups, id };
}

describe('backups of a new history', () => {
  it('takes the first within 5 minutes of the first write, so a history truncated after 10 minutes of use is merged back from it', async () => {
    // A fake clock and interval: the scheduler's checks and the backups' names follow them, and no test waits
    // (a backup's time limit stays on the real clock: the copy itself is real work).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
    const dir = await testFolder('confab-first-backup-');
    const backups = createBackups({ dir: join(dir, 'backups') });
    const history = openHistory({ dataDir: dir, afterCrash: false, backups });
    const stop = scheduleBackups(backups, history.db);
    const firstWrite = Date.now();
    for (let minute = 0; minute < 10; minute++) {
      history.insertWhole(conversation(minute));
      await vi.advanceTimersByTimeAsync(MINUTE);
      await backups.settled();
    }
    stop();
    history.close();

    const [first] = backups.list().reverse();
    expect(first).toBeDefined();
    expect(first!.createdAt - firstWrite).toBeLessThanOrEqual(5 * MINUTE);
    expect(first!.conversations).toBeGreaterThan(0);

    const path = join(dir, 'history.sqlite');
    const bytes = await readFile(path);
    await truncate(path, Math.floor(bytes.length / 2));
    const reopened = openHistory({ dataDir: dir, afterCrash: true, backups });
    try {
      expect(reopened.problem?.map((part) => part.code)).toContain('history_notice.backup_merged');
      const back = new Map(reopened.list().map((summary) => [summary.id, summary.messageCount]));
      // Everything the first minutes' backup holds is back, whole.
      for (let n = 0; n < first!.conversations; n++) expect(back.get(`c${n}`)).toBe(MESSAGES);
    } finally {
      reopened.close();
    }
  });

  it('backs up again once an hour has passed and the history changed, and not while nothing changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
    const dir = await testFolder('confab-hourly-backup-');
    const backups = createBackups({ dir: join(dir, 'backups') });
    const history = openHistory({ dataDir: dir, afterCrash: false, backups });
    const stop = scheduleBackups(backups, history.db);
    const advance = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      await backups.settled();
    };
    try {
      history.insertWhole(conversation(1));
      await advance(10 * MINUTE);
      expect(backups.list()).toHaveLength(1);
      history.insertWhole(conversation(2));
      await advance(30 * MINUTE);
      expect(backups.list()).toHaveLength(1);
      await advance(HOUR);
      expect(backups.list().map((backup) => backup.conversations)).toEqual([2, 1]);
      // Nothing written since: three idle hours add no copy that would push a useful one out.
      await advance(3 * HOUR);
      expect(backups.list()).toHaveLength(2);
    } finally {
      stop();
      await backups.settled();
      history.close();
    }
  });
});

describe('how far back backups reach', () => {
  it('keeps the last 7 and, before them, the newest of each of the last 7 days: hourly backups do not shrink a week to 7 hours', async () => {
    const dir = await testFolder('confab-backup-tiers-');
    let clock = Date.parse('2026-03-02T09:30:00Z');
    const backups = createBackups({ dir: join(dir, 'backups'), now: () => clock });
    const history = createHistoryStore(join(dir, 'history.sqlite'));
    history.insertWhole(conversation(1));
    try {
      // Ten days of use, backed up every hour from 09:30 to 17:30 each day.
      for (let day = 0; day < 10; day++) {
        for (let hour = 0; hour < 9; hour++) {
          await backups.backUp(history.db);
          clock += HOUR;
        }
        clock += 15 * HOUR;
      }
      const kept = backups.list().map((backup) => new Date(backup.createdAt).toISOString());
      const lastDay = Array.from({ length: 7 }, (_, n) => `2026-03-11T${String(17 - n).padStart(2, '0')}:30:00.000Z`);
      const dailyBefore = Array.from({ length: 6 }, (_, n) => `2026-03-${String(10 - n).padStart(2, '0')}T17:30:00.000Z`);
      expect(kept).toEqual([...lastDay, ...dailyBefore]);
    } finally {
      history.close();
    }
  });
});

describe('the backup from before a repair', () => {
  it('is kept through rotation and merged, not one taken after the repair, until the notice was seen', async () => {
    const path = await historyFile();
    const dir = join(path, '..');
    let clock = Date.parse('2026-03-02T09:00:00Z');
    const backups = createBackups({ dir: join(dir, 'backups'), now: () => clock });
    const before = createHistoryStore(path);
    before.insertWhole({ ...conversation(CONVERSATIONS), title: 'Only in the backup' });
    const kept = await backups.backUp(before.db);
    before.db.exec(`DELETE FROM conversations WHERE id = 'c${CONVERSATIONS}'`);
    before.close();
    await damage(path, 'messages');

    let history = openHistory({ dataDir: dir, afterCrash: true, backups });
    const merged = (problem: typeof history.problem) => problem?.filter((part) => part.code === 'history_notice.backup_merged').map((part) => part.values.date);
    expect(merged(history.problem)).toEqual([kept.createdAt]);
    expect(history.list().map((summary) => summary.title)).toContain('Only in the backup');
    // Backed up hourly after the repair: more than the last 7, each holding the reduced history.
    for (let hour = 1; hour <= 8; hour++) {
      clock += HOUR;
      await backups.backUp(history.db);
    }
    expect(backups.list().map((backup) => backup.id)).toContain(kept.id);
    history.close();

    // Damaged again before the notice was seen: what comes back is from before the first repair.
    await damage(path, 'messages');
    history = openHistory({ dataDir: dir, afterCrash: true, backups });
    try {
      expect(merged(history.problem)).toContain(kept.createdAt);
      expect(history.list().map((summary) => summary.title)).toContain('Only in the backup');

      backups.noticeSeen();
      clock += HOUR;
      await backups.backUp(history.db);
      expect(backups.list().map((backup) => backup.id)).not.toContain(kept.id);
      expect(backups.list()).toHaveLength(7);
    } finally {
      history.close();
    }
  });
});

describe('the marks that keep a backup for a notice', () => {
  it('are cleared at start when no notice waits for them, so a crash before the dismissal does not keep backups for ever', async () => {
    const { dir, backups, id } = await backedUpHistory();
    await writeFile(join(dir, 'backups', `${id}.kept-for-notice`), '');
    openHistory({ dataDir: dir, afterCrash: false, backups }).close();
    expect(await readdir(join(dir, 'backups'))).toEqual([id]);
  });

  it('do not fail the repair when one cannot be written: the backup is merged all the same', async () => {
    const { path, dir, backups, id } = await backedUpHistory();
    // The mark's name is taken by a folder: writing it fails (EISDIR), as on a disk that refuses it.
    await mkdir(join(dir, 'backups', `${id}.kept-for-notice`, 'taken'), { recursive: true });
    await damage(path, 'messages');
    const history = openHistory({ dataDir: dir, afterCrash: true, backups });
    try {
      expect(history.problem?.map((part) => part.code)).toContain('history_notice.backup_merged');
      expect(history.list().filter((c) => c.messageCount !== MESSAGES)).toEqual([]);
    } finally {
      history.close();
    }
  });

  it("leave with a failed repair's notice once the restart it asked for found nothing to salvage", async () => {
    const { dir, backups, id } = await backedUpHistory();
    await writeFile(join(dir, 'backups', `${id}.kept-for-notice`), '');
    await writeFile(join(dir, 'history-notice.json'), JSON.stringify({ id: 'n1', problem: [{ code: 'history_notice.repair_failed', values: {} }] }));
    const history = openHistory({ dataDir: dir, afterCrash: true, backups });
    history.close();
    expect(history.problem).toBeNull();
    expect((await readdir(dir)).filter((name) => name.startsWith('history-notice'))).toEqual([]);
    expect(await readdir(join(dir, 'backups'))).toEqual([id]);
  });
});
