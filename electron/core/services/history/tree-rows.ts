import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { quoted } from './history-tables';

/*
 * The rows SQLite itself still reads from a damaged history, table by table through each tree:
 * its own decoding, so salvage.ts takes these first and the page scan's only for what they miss.
 */

/** A row by column name; what SQLite reads through a tree also carries its rowid as `salvage_rowid`. */
export type Row = Record<string, SQLInputValue>;

const BATCH = 256;

/** What `read` returns, or null when it met damage (or any other refusal to read). */
export function tryRead<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    // A damaged page: the caller steps past it.
    return null;
  }
}

/**
 * Rowids to seek from past the damage met after `after`, in increasing order: steps doubling from
 * `after`, and the powers of two on both sides of 0, so a search from the lowest rowid there is
 * (where it starts) tries the small rowids tables begin at rather than leaping from -2^52 to 1.
 */
function probes(after: number): number[] {
  const marks = new Set([0]);
  for (let power = 1; power <= 2 ** 53; power *= 2) marks.add(after + power).add(power).add(-power);
  return [...marks].filter((mark) => mark > after && mark <= Number.MAX_SAFE_INTEGER).sort((a, b) => a - b);
}

/** The lowest rowid past `after` that a seek from gets past the damage: the first probe that does, narrowed down. */
function pastDamage(after: number, readableFrom: (rowid: number) => boolean): number | null {
  let bad = after;
  for (const probe of probes(after)) {
    if (!readableFrom(probe)) {
      bad = probe;
      continue;
    }
    let good = probe;
    while (good - bad > 1) {
      const middle = bad + Math.floor((good - bad) / 2);
      if (readableFrom(middle)) good = middle;
      else bad = middle;
    }
    return good;
  }
  return null;
}

/**
 * Every row of `table` that can still be read through its tree, in rowid order, each with its
 * rowid as `salvage_rowid`. A damaged page makes the scan that reaches it fail; reading one row at
 * a time finds where, and a search over rowids (probes) finds the first key past the damage (a seek below
 * it lands on the damaged page, one at or beyond it does not), so only the damaged page's rows are
 * missed here; rows no seek reaches (a damaged root or interior page) are the page scan's.
 */
export function* readableRows(db: DatabaseSync, table: string, columns: string[], onLoss: () => void): Generator<Row> {
  const page = db.prepare(`SELECT rowid AS salvage_rowid, ${columns.map(quoted).join(', ')} FROM ${quoted(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`);
  const at = db.prepare(`SELECT rowid AS salvage_rowid, ${columns.map(quoted).join(', ')} FROM ${quoted(table)} WHERE rowid = ?`);
  const read = (after: number, limit: number) => tryRead(() => page.all(after, limit) as Row[]);
  const readableFrom = (after: number) => read(after, 1) !== null;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = read(after, BATCH) ?? read(after, 1);
    if (rows) {
      if (rows.length === 0) return;
      yield* rows;
      after = Number(rows.at(-1)!.salvage_rowid);
      continue;
    }
    onLoss();
    const good = pastDamage(after, readableFrom);
    if (good === null) return;
    // A seek past `good` starts from `good` itself, so the row at `good` was never read.
    const first = tryRead(() => at.get(good) as Row | undefined);
    if (first) yield first;
    after = good;
  }
}

/**
 * A WITHOUT ROWID table (keyed by its primary key alone) has no rowid to seek by: it is read in one
 * go, or not at all when that meets damage.
 */
export function* wholeTable(db: DatabaseSync, table: string, columns: string[], onLoss: () => void): Generator<Row> {
  const rows = tryRead(() => db.prepare(`SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(table)}`).all() as Row[]);
  if (!rows) onLoss();
  yield* rows ?? [];
}
