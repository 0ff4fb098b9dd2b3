import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { withoutRowid } from './history-tables';
import { type Page, PageType, type SqliteFile, decodeRecord, openSqliteFile, payload, readPage, varint } from './sqlite-pages';

/** A column as the page scan checks a record against it. */
interface Column {
  affinity: 'integer' | 'text' | 'blob' | 'real' | 'numeric';
  notNull: boolean;
  hasDefault: boolean;
  /** An INTEGER PRIMARY KEY: the record holds NULL, the value is the cell's rowid. */
  rowid: boolean;
}

interface Tree {
  name: string;
  rootpage: number;
  /** A rowid table (table b-tree pages); indices and WITHOUT ROWID tables are index b-trees. */
  rowTable: boolean;
}

export interface ScannedRow {
  rowid: number | bigint;
  /** In the table's column order; a row written before an ADD COLUMN has fewer. */
  values: SQLInputValue[];
}

export interface PageScan {
  /** Rows found on table leaves no intact tree reaches, and on a damaged table's own leaves, by the damaged table they fit. */
  rows: Map<string, ScannedRow[]>;
  /** Tables whose tree met a page that is not what it should be. */
  damaged: Set<string>;
}

/** SQLite's column affinity rules (sqlite.org/datatype3.html#determination_of_column_affinity). */
function affinityOf(declared: string): Column['affinity'] {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'text';
  if (type === '' || type.includes('BLOB')) return 'blob';
  return /REAL|FLOA|DOUB/.test(type) ? 'real' : 'numeric';
}

/** A rowid table's columns as the scan checks a record against them. */
function shapeOf(db: DatabaseSync, table: string): Column[] {
  const info = db.prepare('SELECT type, "notnull", dflt_value, pk FROM pragma_table_info(?)').all(table) as Array<{ type: string; notnull: number; dflt_value: unknown; pk: number }>;
  const keys = info.filter((column) => column.pk > 0).length;
  return info.map((column) => ({
    affinity: affinityOf(column.type),
    notNull: column.notnull === 1,
    hasDefault: column.dflt_value !== null,
    rowid: keys === 1 && column.pk === 1 && column.type.toUpperCase() === 'INTEGER',
  }));
}

/** Whether a stored value can be this column's: what the column's affinity would have stored. */
function accepts(column: Column, value: SQLInputValue): boolean {
  if (value === null) return column.rowid || !column.notNull;
  if (column.rowid) return false;
  if (typeof value === 'string') return column.affinity === 'text' || column.affinity === 'blob';
  if (typeof value === 'number' || typeof value === 'bigint') return column.affinity !== 'text';
  return column.affinity === 'blob';
}

const fits = (values: SQLInputValue[], columns: Column[]) =>
  values.length > 0 &&
  values.length <= columns.length &&
  columns.every((column, i) => (i < values.length ? accepts(column, values[i]!) : !column.notNull || column.hasDefault));

/** The child pages an interior page points to, and each cell's overflow pages; null when a cell does not parse. */
function linksOf(file: SqliteFile, page: Page): number[] | null {
  const links: number[] = [];
  for (const offset of page.cells) {
    const interior = page.type === PageType.TableInterior || page.type === PageType.IndexInterior;
    // readPage lets a cell start anywhere on the page; a child's page number takes 4 bytes.
    if (interior && offset + 4 > file.usable) return null;
    if (interior) links.push(page.bytes.readUInt32BE(offset));
    if (page.type === PageType.TableInterior) continue;
    const size = varint(page.bytes, interior ? offset + 4 : offset, file.usable);
    const start = size && (page.type === PageType.TableLeaf ? varint(page.bytes, size.next, file.usable)?.next : size.next);
    if (!size || !start || !payload(file, page, start, Number(size.value), (overflow) => links.push(-overflow))) return null;
  }
  if (page.right) links.push(page.right);
  return links;
}

/**
 * A page of the tree's `family` with its links, or null when it is not one to follow. sqlite-pages.ts
 * checks every offset, but a throw it missed is damage to this tree, not the end of the whole scan.
 */
function pageLinks(file: SqliteFile, number: number, family: number[]): { page: Page; links: number[] | null } | null {
  try {
    const page = readPage(file, number);
    return page && family.includes(page.type) ? { page, links: linksOf(file, page) } : null;
  } catch {
    return null;
  }
}

/**
 * Claims every page a tree reaches (overflow pages included), and lists its table leaves in
 * `leaves`; false when it met a page that is not what it should be.
 */
function walk(file: SqliteFile, tree: Tree, claimed: Set<number>, leaves: number[]): boolean {
  const family = tree.rowTable ? [PageType.TableInterior, PageType.TableLeaf] : [PageType.IndexInterior, PageType.IndexLeaf];
  let intact = true;
  const stack = [tree.rootpage];
  while (stack.length > 0) {
    const number = stack.pop()!;
    const reached = claimed.has(number) ? null : pageLinks(file, number, family);
    if (!reached) {
      intact = false;
      continue;
    }
    claimed.add(number);
    if (reached.page.type === PageType.TableLeaf) leaves.push(number);
    const { links } = reached;
    if (!links) intact = false;
    // Overflow pages are claimed as they are; a child is walked in its turn.
    for (const link of links ?? []) {
      if (link < 0) claimed.add(-link);
      else stack.push(link);
    }
  }
  return intact;
}

/** Lists the freelist's trunk and leaf pages in `free`; false when it does not hold what the header says. */
function walkFreelist(file: SqliteFile, claimed: Set<number>, free: Set<number>): boolean {
  let counted = 0;
  for (let trunk = file.freelist.trunk; trunk !== 0; ) {
    const bytes = counted < file.freelist.count && !claimed.has(trunk) && !free.has(trunk) ? file.read(trunk) : null;
    if (!bytes) return false;
    free.add(trunk);
    const leaves = bytes.readUInt32BE(4);
    if (leaves > (file.usable - 8) / 4) return false;
    for (let i = 0; i < leaves; i++) {
      const leaf = bytes.readUInt32BE(8 + 4 * i);
      if (leaf < 2 || leaf > file.pageCount) return false;
      free.add(leaf);
    }
    counted += 1 + leaves;
    trunk = bytes.readUInt32BE(0);
  }
  return counted === file.freelist.count;
}

/** The live cells of a table leaf that decode as records, with their rowids. */
function cellsOf(file: SqliteFile, page: Page): ScannedRow[] {
  const rows: ScannedRow[] = [];
  for (const offset of page.cells) {
    const size = varint(page.bytes, offset, file.usable);
    const rowid = size && varint(page.bytes, size.next, file.usable);
    const record = rowid && payload(file, page, rowid.next, Number(size.value));
    const values = record && decodeRecord(file, record);
    if (rowid && values) rows.push({ rowid: Number.isSafeInteger(Number(rowid.value)) ? Number(rowid.value) : rowid.value, values });
  }
  return rows;
}

/**
 * Reads the history file's pages for the rows of `tables` that SQLite cannot reach through their
 * trees (a damaged root or interior page). Every tree named in sqlite_schema is walked to learn
 * which pages are its own, and the freelist to learn which are free; a table leaf left over
 * belonged to a tree that met damage, and its rows go to the one damaged table whose columns they
 * fit (count, and types as the column's affinity stores them); a leaf that fits none, or several, is
 * left out. A damaged table's own leaves are read too, and kept for it when they fit it: SQLite's
 * seeks may not reach them past the damage (salvage.ts drops the rows it read already by rowid).
 * Only live cells are read (a deleted row's cell is gone from its page's pointer array, and free
 * pages are never read, even where a damaged tree's pointer leads to one), and when the freelist
 * is itself damaged no page is read at all, since a free page could not be told from a lost one. The file is read as it is on disk:
 * the caller checkpoints the WAL first. Null when the file's header is not SQLite's.
 */
export function scanPages(path: string, schema: DatabaseSync, tables: string[]): PageScan | null {
  const file = openSqliteFile(path);
  if (!file) return null;
  try {
    const keyedOnly = withoutRowid(schema);
    const trees: Tree[] = [
      { name: 'sqlite_schema', rootpage: 1, rowTable: true },
      ...(schema.prepare(`SELECT type, name, rootpage FROM sqlite_schema WHERE rootpage > 0`).all() as Array<{ type: string; name: string; rootpage: number }>).map(
        (entry) => ({ name: entry.name, rootpage: entry.rootpage, rowTable: entry.type === 'table' && !keyedOnly.has(entry.name) }),
      ),
    ];
    const claimed = new Set<number>();
    const damaged = new Set<string>();
    // The leaves a damaged table's own walk reached, by page: read again for it.
    const walker = new Map<number, string>();
    for (const tree of trees) {
      const leaves: number[] = [];
      if (walk(file, tree, claimed, leaves)) continue;
      damaged.add(tree.name);
      if (tree.rowTable && tables.includes(tree.name)) for (const leaf of leaves) walker.set(leaf, tree.name);
    }
    const rows = new Map<string, ScannedRow[]>();
    const candidates = trees
      .filter((tree) => damaged.has(tree.name) && tree.rowTable && tables.includes(tree.name))
      .map((tree) => ({ name: tree.name, columns: shapeOf(schema, tree.name) }));
    // A damaged tree's garbage child pointer may lead to a free page, which is never read.
    const free = new Set<number>();
    if (candidates.length === 0 || !walkFreelist(file, claimed, free)) return { rows, damaged };
    for (let number = 2; number <= file.pageCount; number++) {
      const page = free.has(number) || (claimed.has(number) && !walker.has(number)) ? null : readPage(file, number);
      if (page?.type !== PageType.TableLeaf) continue;
      const cells = cellsOf(file, page);
      const fitting = candidates.filter((table) => cells.every((cell) => fits(cell.values, table.columns)));
      const own = fitting.find((table) => table.name === walker.get(number));
      const owners = own ? [own] : fitting;
      if (cells.length === 0 || owners.length !== 1) continue;
      const [owner] = owners;
      const found = rows.get(owner!.name) ?? [];
      for (const cell of cells) found.push({ rowid: cell.rowid, values: cell.values.map((value, i) => (owner!.columns[i]!.rowid ? cell.rowid : value)) });
      rows.set(owner!.name, found);
    }
    // In the order the table kept them, as the rows SQLite reads come.
    for (const found of rows.values()) found.sort((a, b) => (a.rowid < b.rowid ? -1 : a.rowid > b.rowid ? 1 : 0));
    return { rows, damaged };
  } finally {
    file.close();
  }
}
