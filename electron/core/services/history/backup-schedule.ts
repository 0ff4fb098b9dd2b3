import type { DatabaseSync } from 'node:sqlite';
import { log } from '../../log';
import type { Backups } from './backups';

/** How often the scheduler looks: a new history's first backup comes at most this long after its first write. */
const CHECK_EVERY = 5 * 60 * 1000;

/**
 * Backups while Confab runs. At start, as before: when the newest is a day old or there is none,
 * unless the history is empty. Then, looked at every 5 minutes: when the history changed since the
 * last backup and the newest is an hour old or there is none. So a new history is backed up within
 * 5 minutes of its first write (its first session is never without one), then hourly while it
 * changes, and an idle history adds no copies that would push useful ones out of the last 7.
 * Returns the stop.
 */
export function scheduleBackups(backups: Backups, db: DatabaseSync, every = CHECK_EVERY): () => void {
  // Rows this connection has written since it opened (every store writes through it): a change is
  // seen without each writer having to report it.
  const changes = () => Number((db.prepare('SELECT total_changes() AS n').get() as { n: number }).n);
  const failed = (error: unknown) => log.warn('The history backup failed:', error);
  let backedUp = changes();
  void backups.dailyIfDue(db).catch(failed);
  const timer = setInterval(() => {
    try {
      const seen = changes();
      if (seen === backedUp) return;
      backups.hourlyIfDue(db).then((taken) => {
        if (taken) backedUp = seen;
      }, failed);
    } catch (error) {
      // A timer's throw would end the process; the next look tries again.
      failed(error);
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
