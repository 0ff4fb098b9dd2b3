import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { DEFAULT_CHAT_OPTIONS } from '../../../../shared/domain/chat';
import type { ProblemData } from '../../../../shared/domain/problem';
import { migrate } from './migrations';

/** What a salvage copied: rows per table, and whether any row of it could not be read. */
export interface SalvageReport {
  /** The damaged file's schema could not be read at all: nothing was copied. */
  unreadable: boolean;
  tables: Array<{ table: string; copied: number; incomplete: boolean }>;
}

type Row = Record<string, SQLInputValue>;

/**
 * The history's tables in the order their references need. Full-text indexes and indices are
 * not copied: the fresh database builds them again from the rows (its triggers and CREATE INDEX).
 */
const TABLES = ['conversations', 'messages', 'transcripts', 'transcript_edits'] as const;
const BATCH = 256;

const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((column) => column.name);

function tryRead<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    // A damaged page: the caller steps past it.
    return null;
  }
}

/**
 * Every row of `table` that can still be read, in rowid order. A damaged page makes the scan that
 * reaches it fail; reading one row at a time finds where, and a search over rowids finds the first
 * key past the damage (a seek below it lands on the damaged page, one at or beyond it does not),
 * so only the damaged page's rows are lost. SQLite's own recovery (`.recover`) is a CLI extension
 * that node:sqlite does not ship, which is why this is written here.
 */
function* readableRows(db: DatabaseSync, table: string, columns: string[], onLoss: () => void): Generator<Row> {
  const page = db.prepare(`SELECT rowid AS salvage_rowid, ${columns.join(', ')} FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?`);
  const at = db.prepare(`SELECT rowid AS salvage_rowid, ${columns.join(', ')} FROM ${table} WHERE rowid = ?`);
  const read = (after: number, limit: number) => tryRead(() => page.all(after, limit) as Row[]);
  const readableFrom = (after: number) => read(after, 1) !== null;
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = read(after, BATCH) ?? read(after, 1);
    if (rows) {
      if (rows.length === 0) return;
      for (const { salvage_rowid: _rowid, ...row } of rows) yield row;
      after = Number(rows.at(-1)!.salvage_rowid);
      continue;
    }
    onLoss();
    // Double the step until a seek gets past the damage, then narrow down to its first such key.
    let bad = after;
    let step = 1;
    while (!readableFrom(bad + step)) {
      if (step > 2 ** 52) return;
      step *= 2;
    }
    let good = bad + step;
    bad = bad + step / 2;
    while (good - bad > 1) {
      const middle = Math.floor((bad + good) / 2);
      if (readableFrom(middle)) good = middle;
      else bad = middle;
    }
    // A seek past `good` starts from `good` itself, so the row at `good` was never read.
    const first = tryRead(() => at.get(good) as Row | undefined);
    if (first) {
      const { salvage_rowid: _rowid, ...row } = first;
      yield row;
    }
    after = good;
  }
}

function insertAll(target: DatabaseSync, table: string, columns: string[], rows: Iterable<Row>): number {
  const insert = target.prepare(
    `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `:${name}`).join(', ')})`,
  );
  let copied = 0;
  for (const row of rows) copied += Number(insert.run(row).changes);
  return copied;
}

/**
 * Copies every readable row of the damaged history at `damagedPath` into a new database at
 * `targetPath`, created at the damaged file's schema version and then migrated to this one. Undo
 * steps of the transcript editor are not copied: the edited documents are, and a half-read undo
 * chain could undo into a state that never existed.
 */
export function salvageHistory(damagedPath: string, targetPath: string): SalvageReport {
  const source = tryRead(() => new DatabaseSync(damagedPath, { readOnly: true }));
  const version = source && tryRead(() => Number((source.prepare('PRAGMA user_version').get() as { user_version: number }).user_version));
  const target = new DatabaseSync(targetPath);
  try {
    if (!source || version === null) {
      migrate(target);
      return { unreadable: true, tables: [] };
    }
    migrate(target, version);
    target.exec('PRAGMA foreign_keys = OFF; BEGIN');
    const tables: SalvageReport['tables'] = [];
    for (const table of TABLES) {
      const known = new Set(tryRead(() => columnsOf(target, table)) ?? []);
      const columns = (tryRead(() => columnsOf(source, table)) ?? []).filter((name) => known.has(name));
      if (columns.length === 0) continue;
      let incomplete = false;
      const copied = insertAll(target, table, columns, readableRows(source, table, columns, () => (incomplete = true)));
      tables.push({ table, copied, incomplete });
    }
    // Messages whose conversation row was on a damaged page keep a conversation of their own.
    target
      .prepare(
        `INSERT INTO conversations (id, title, options, created_at, updated_at)
           SELECT conversation_id, 'Recovered conversation', ?, MIN(created_at), MAX(created_at)
             FROM messages WHERE conversation_id NOT IN (SELECT id FROM conversations) GROUP BY conversation_id`,
      )
      .run(JSON.stringify(DEFAULT_CHAT_OPTIONS));
    target.exec(`
      DELETE FROM transcript_edits WHERE transcript_id NOT IN (SELECT id FROM transcripts);
      UPDATE transcript_edits SET position = 0;
      COMMIT; PRAGMA foreign_keys = ON;`);
    migrate(target);
    return { unreadable: false, tables };
  } finally {
    source?.close();
    target.close();
  }
}


/** What the salvage copied, for the notice. */
export function describeSalvage(report: SalvageReport): ProblemData[] {
  const copied = (table: string) => report.tables.find((entry) => entry.table === table)?.copied ?? 0;
  const counts = { conversations: copied('conversations'), messages: copied('messages'), transcripts: copied('transcripts') };
  const salvaged: ProblemData = { code: 'history_notice.salvaged', values: counts };
  return report.tables.some((entry) => entry.incomplete) ? [salvaged, { code: 'history_notice.incomplete', values: {} }] : [salvaged];
}
