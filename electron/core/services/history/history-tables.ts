import type { DatabaseSync } from 'node:sqlite';

/** A table or column name as SQL reads it, whatever it holds. */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as Array<{ name: string }>).map((column) => column.name);

const tableList = (db: DatabaseSync) => db.prepare('PRAGMA table_list').all() as Array<{ schema: string; name: string; type: string; wr: number }>;

/** Tables keyed by their primary key alone (no rowid): their pages are index pages. */
export const withoutRowid = (db: DatabaseSync) => new Set(tableList(db).filter((table) => table.wr).map((table) => table.name));

/** The tables a full-text index keeps its data in, which its own CREATE VIRTUAL TABLE makes. */
export const shadowTables = (db: DatabaseSync) => new Set(tableList(db).filter((table) => table.type === 'shadow').map((table) => table.name));

/** The full-text (FTS5) indexes of the schema, today's and any a later migration adds. */
export const fullTextIndexes = (db: DatabaseSync) =>
  (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%'`).all() as Array<{ name: string }>).map(
    (table) => table.name,
  );

/**
 * The history's own tables, read from its schema, each after the tables it references: what
 * salvage and restore copy, so a table a later migration adds is covered without being named.
 * Full-text indexes (virtual tables) and their shadow tables are left out, since triggers build
 * them again from the rows, and so are SQLite's own tables (sqlite_schema, sqlite_sequence, …).
 */
export function historyTables(db: DatabaseSync): string[] {
  const tables = new Set(
    tableList(db)
      .filter((table) => table.schema === 'main' && table.type === 'table' && !table.name.startsWith('sqlite_'))
      .map((table) => table.name),
  );
  // In the order they were created, so tables that reference none keep a stable order.
  const created = (db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid`).all() as Array<{ name: string }>)
    .map((row) => row.name)
    .filter((name) => tables.has(name));
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const { table: referenced } of db.prepare(`SELECT "table" FROM pragma_foreign_key_list(?)`).all(table) as Array<{ table: string }>) {
      if (tables.has(referenced)) visit(referenced);
    }
    ordered.push(table);
  };
  created.forEach(visit);
  return ordered;
}
