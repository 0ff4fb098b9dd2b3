import { existsSync, statSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { DEFAULT_CHAT_OPTIONS } from '../../../../shared/domain/chat';
import type { ProblemData } from '../../../../shared/domain/problem';
import { indexAllRows } from './transcript-rows';
import { inTransaction } from '../storage/sqlite-transaction';
import { columnsOf, historyTables, quoted, shadowTables, withoutRowid } from './history-tables';
import { mendBranches } from './branches';
import { migrate } from './migrations';
import { type ScannedRow, scanPages } from './page-scan';
import { type Row, readableRows, tryRead, wholeTable } from './tree-rows';

/** What a salvage copied: rows per table, and whether any row of it could not be read. */
export interface SalvageReport {
  /** The damaged file's schema could not be read at all: nothing was copied. */
  unreadable: boolean;
  tables: Array<{ table: string; copied: number; incomplete: boolean }>;
}

/**
 * Undo steps of the transcript editor are not copied: the edited documents are, and a half-read
 * undo chain could undo into a state that never existed. Every other table of the schema is.
 */
const NOT_COPIED = new Set(['transcript_edit_steps']);

/** Inserts rows (of any subset of `table`'s columns), skipping any whose rowid was copied already; how many were new. */
function insertAll(target: DatabaseSync, table: string, rows: Iterable<Row>, copiedRowids: Set<SQLInputValue>): number {
  const statements = new Map<string, StatementSync>();
  let copied = 0;
  for (const { salvage_rowid: rowid, ...row } of rows) {
    if (rowid !== undefined && copiedRowids.has(rowid)) continue;
    if (rowid !== undefined) copiedRowids.add(rowid);
    const columns = Object.keys(row);
    const key = columns.map(quoted).join(', ');
    if (!statements.has(key)) {
      statements.set(key, target.prepare(`INSERT OR IGNORE INTO ${quoted(table)} (${key}) VALUES (${columns.map(() => '?').join(', ')})`));
    }
    copied += Number(statements.get(key)!.run(...Object.values(row)).changes);
  }
  return copied;
}

/** The page scan's rows of `table` as rows of the columns both files have. */
function* scannedRows(scanned: ScannedRow[], sourceColumns: string[], known: Set<string>): Generator<Row> {
  for (const { rowid, values } of scanned) {
    const row: Row = { salvage_rowid: rowid };
    values.forEach((value, i) => {
      if (known.has(sourceColumns[i]!)) row[sourceColumns[i]!] = value;
    });
    yield row;
  }
}

/**
 * The page scan reads the file as it is on disk, so what its WAL holds (the last commits of a
 * running Confab) is written into it first. False when a WAL is left that could not be: the file's
 * pages may then be older than the trees SQLite reads (a page freed since could look lost), so
 * only what SQLite reads is copied.
 */
function checkpointed(path: string): boolean {
  tryRead(() => {
    const db = new DatabaseSync(path);
    try {
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  });
  return !existsSync(`${path}-wal`) || statSync(`${path}-wal`).size === 0;
}

/**
 * The damaged file's schema, built again in the fresh database in the order it was created (so
 * a table no migration of this version names is copied too), at the damaged file's version; the
 * caller then migrates it to this one. Full-text indexes are created by their own statement,
 * which makes their shadow tables; SQLite's own tables and automatic indices make themselves.
 */
function copySchema(source: DatabaseSync, target: DatabaseSync, version: number): true {
  const shadow = shadowTables(source);
  const entries = source
    .prepare(`SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`)
    .all() as Array<{ name: string; sql: string }>;
  target.exec('BEGIN');
  try {
    for (const { name, sql } of entries) if (!shadow.has(name)) target.exec(sql);
    target.exec(`PRAGMA user_version = ${version}; COMMIT`);
  } catch (error) {
    target.exec('ROLLBACK');
    throw error;
  }
  return true;
}

/**
 * Copies every readable row of the damaged history at `damagedPath` into a new database at
 * `targetPath`, built to the damaged file's schema and then migrated to this version: first what
 * SQLite still reads through each table's tree (its own decoding, so it is taken wherever it
 * works), then what the page scan finds on pages no intact tree reaches (page-scan.ts).
 */
export function salvageHistory(damagedPath: string, targetPath: string): SalvageReport {
  const scannable = checkpointed(damagedPath);
  const source = tryRead(() => new DatabaseSync(damagedPath, { readOnly: true }));
  const version = source && tryRead(() => Number((source.prepare('PRAGMA user_version').get() as { user_version: number }).user_version));
  const target = new DatabaseSync(targetPath);
  try {
    if (!source || version === null || !tryRead(() => copySchema(source, target, version))) {
      migrate(target);
      return { unreadable: true, tables: [] };
    }
    const names = historyTables(target).filter((table) => !NOT_COPIED.has(table));
    const keyedOnly = withoutRowid(target);
    const scan = scannable ? tryRead(() => scanPages(damagedPath, source, names)) : null;
    target.exec('PRAGMA foreign_keys = OFF; BEGIN');
    const tables: SalvageReport['tables'] = [];
    for (const table of names) {
      const sourceColumns = tryRead(() => columnsOf(source, table)) ?? [];
      const known = new Set(columnsOf(target, table));
      const columns = sourceColumns.filter((name) => known.has(name));
      if (columns.length === 0) continue;
      let incomplete = scan?.damaged.has(table) ?? false;
      const rowids = new Set<SQLInputValue>();
      const copied =
        insertAll(target, table, (keyedOnly.has(table) ? wholeTable : readableRows)(source, table, columns, () => (incomplete = true)), rowids) +
        insertAll(target, table, scannedRows(scan?.rows.get(table) ?? [], sourceColumns, known), rowids);
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
    // A message whose parent was lost hangs under the one before it; a lost leaf, the last message.
    inTransaction(target, () => mendBranches(target));
    // The row index is made from the documents, which the copy may have kept better than the index.
    inTransaction(target, () => indexAllRows(target));
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
