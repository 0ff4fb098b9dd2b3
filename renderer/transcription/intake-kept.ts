import { z } from 'zod';
import { problemSchema, type ProblemData } from '../../shared/domain/problem';

/**
 * The queue's rows of files main never got (the copy was cut short by a reload, or failed on the
 * disk), kept in localStorage as drafts are: a reload loses the page's File, so the row comes
 * back asking for it (intake.ts `needsFile`) instead of vanishing. Only the name, size and cause
 * are kept, never the file's bytes.
 *
 * Each window keeps its own rows under its own key (its id in sessionStorage, which a reload keeps
 * and another window does not share): one list for all would make each window show the other's
 * rows and overwrite them. A window holds a Web Lock named after its key while it lives, so the
 * rows of a window that is gone (closed, or the app quit) are adopted by the next window to start.
 */
const PREFIX = 'confab.intake.';
const WINDOW_ID = 'confab.window';

const keptSchema = z.array(z.object({ key: z.string(), name: z.string(), size: z.number(), problem: problemSchema.nullable() }));
export type KeptIntake = z.infer<typeof keptSchema>[number];

/** Refusals met on the way in, not by the file itself: the same file can be added again. */
const PASSING = new Set(['intake.disk_full', 'intake.disk_read_only', 'intake.disk_error', 'intake.incomplete']);
export const passingRefusal = (problem: ProblemData | null) => problem !== null && PASSING.has(problem.code);

function windowKey(): string {
  try {
    const id = sessionStorage.getItem(WINDOW_ID) ?? crypto.randomUUID();
    sessionStorage.setItem(WINDOW_ID, id);
    return PREFIX + id;
  } catch {
    return PREFIX + crypto.randomUUID();
  }
}
const KEY = windowKey();
// Held until the window goes; the pending request already marks it alive to the others.
void navigator.locks?.request(KEY, () => new Promise<never>(() => undefined));

function read(key: string): KeptIntake[] {
  try {
    const stored = keptSchema.safeParse(JSON.parse(localStorage.getItem(key) ?? '[]'));
    return stored.success ? stored.data : [];
  } catch {
    return [];
  }
}

export const loadKeptIntake = () => read(KEY);

export function keepIntake(rows: readonly KeptIntake[]) {
  try {
    if (rows.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(rows));
  } catch {
    // Storage full or disabled: the rows still live in this page.
  }
}

/**
 * Hands `adopt` the kept rows of windows that are gone, once; `adopt` keeps them as this window's
 * before the lock is let go, so two windows starting together never both take them.
 */
export async function adoptOrphanedIntake(adopt: (rows: KeptIntake[]) => void): Promise<void> {
  const locks = navigator.locks;
  if (!locks) return;
  await locks.request(`${PREFIX}adopting`, async () => {
    const { held = [], pending = [] } = await locks.query();
    const alive = new Set([...held, ...pending].map((lock) => lock.name));
    const orphans = Object.keys(localStorage).filter((key) => key.startsWith(PREFIX) && key !== KEY && !alive.has(key));
    const rows = orphans.flatMap(read);
    if (rows.length > 0) adopt(rows);
    for (const key of orphans) localStorage.removeItem(key);
  });
}
