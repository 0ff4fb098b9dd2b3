import { z } from 'zod';
import { problemSchema, type ProblemData } from '../../shared/domain/problem';

/**
 * The queue's rows of files main never got (the copy was cut short by a reload, or failed on the
 * disk), kept in localStorage as drafts are: a reload loses the page's File, so the row comes
 * back asking for it (intake.ts `needsFile`) instead of vanishing. Only the name, size and cause
 * are kept, never the file's bytes.
 */
const KEY = 'confab.intake';

const keptSchema = z.array(z.object({ key: z.string(), name: z.string(), size: z.number(), problem: problemSchema.nullable() }));
export type KeptIntake = z.infer<typeof keptSchema>[number];

/** Refusals met on the way in, not by the file itself: the same file can be added again. */
const PASSING = new Set(['intake.disk_full', 'intake.disk_read_only', 'intake.disk_error', 'intake.incomplete']);
export const passingRefusal = (problem: ProblemData | null) => problem !== null && PASSING.has(problem.code);

export function loadKeptIntake(): KeptIntake[] {
  try {
    const stored = keptSchema.safeParse(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
    return stored.success ? stored.data : [];
  } catch {
    return [];
  }
}

export function keepIntake(rows: readonly KeptIntake[]) {
  try {
    if (rows.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(rows));
  } catch {
    // Storage full or disabled: the rows still live in this page.
  }
}
