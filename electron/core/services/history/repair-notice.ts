import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { problemSchema } from '../../../../shared/domain/problem';
import type { ProblemData } from '../../../../shared/domain/problem';
import { log } from '../../log';
import type { Backups } from './backups';

const noticeSchema = z.object({ id: z.string(), problem: z.array(problemSchema) });
export type Notice = z.infer<typeof noticeSchema>;

/**
 * The history's notice (what a repair did, `history_notice.*`) until the user dismisses it, kept in
 * a file of the data folder so a quit or a crash before the dismissal shows it again, and the
 * backups kept for it (backups.ts) stay kept only as long as it waits. Each notice has an id: a
 * page dismissing one it showed earlier does not dismiss a newer one no page has shown yet.
 * Read and written synchronously (a few hundred bytes), as the history is opened synchronously;
 * json-file.ts's helpers are asynchronous.
 */
export function repairNotice(path: string, backups: Backups) {
  let current = read(path);

  function persist() {
    try {
      if (!current) return rmSync(path, { force: true });
      writeFileSync(`${path}.tmp`, JSON.stringify(current));
      renameSync(`${path}.tmp`, path);
    } catch (error) {
      // Shown all the same; after a restart its backups go with the rotation again (open-history.ts).
      log.warn(`The history's notice could not be kept in ${path}:`, error);
    }
  }

  return {
    current: (): Notice | null => current,

    /** A new notice, in place of one not dismissed yet (a repair merges the backups kept for that one again). */
    show(problem: ProblemData[]): Notice {
      current = { id: randomUUID(), problem };
      persist();
      return current;
    },

    /** Notice `id` was dismissed: whether it was the one shown (its backups then go with the rotation again). */
    seen(id: string): boolean {
      if (current?.id !== id) return false;
      current = null;
      persist();
      backups.noticeSeen();
      return true;
    },
  };
}

export type RepairNotice = ReturnType<typeof repairNotice>;

function read(path: string): Notice | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // None waits (or it cannot be read: then no notice, as after a dismissal).
    return null;
  }
  try {
    return noticeSchema.parse(JSON.parse(text));
  } catch (error) {
    log.warn(`Ignoring an unreadable notice in ${path}:`, error);
    return null;
  }
}
