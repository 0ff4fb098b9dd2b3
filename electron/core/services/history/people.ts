import type { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { statementCache } from '../storage/sqlite-transaction';

/** The user themself: one row from the start, its name read from Settings (the recorder's name prompt). */
export const SELF_ID = 'self';

/** Two names are one person's when they differ only in case: "anna" is taken by "Anna". */
export const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Migration 17: people (docs/architecture/people.md). `merged_into` is set while a person is
 * merged into another (the merge's undo clears it), so a merge rewrites no transcript and
 * speakers linked to the merged person follow it to the one it went into.
 */
export const peopleMigration = (db: DatabaseSync) =>
  db.exec(`
    CREATE TABLE people (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      colour TEXT,
      note TEXT,
      merged_into TEXT,
      created_at INTEGER NOT NULL
    );
    INSERT INTO people (id, name, created_at) VALUES ('${SELF_ID}', '', 0);
  `);

export interface PersonRow {
  id: string;
  name: string;
  colour: string | null;
  note: string | null;
  mergedInto: string | null;
}

/** The people table; the service (services/people) decides what may change. */
export function peopleTable(db: DatabaseSync) {
  const sql = statementCache(db);
  const toRow = (row: Record<string, unknown>): PersonRow => ({
    id: row.id as string,
    name: row.name as string,
    colour: row.colour as string | null,
    note: row.note as string | null,
    mergedInto: row.merged_into as string | null,
  });
  return {
    /** Everyone, merged people included (a link to one still resolves). */
    all: () => sql('SELECT id, name, colour, note, merged_into FROM people ORDER BY created_at').all().map(toRow),
    get(id: string): PersonRow | null {
      const row = sql('SELECT id, name, colour, note, merged_into FROM people WHERE id = ?').get(id);
      return row ? toRow(row) : null;
    },
    insert(person: Pick<PersonRow, 'name' | 'colour' | 'note'>): PersonRow {
      const id = randomUUID();
      sql('INSERT INTO people (id, name, colour, note, created_at) VALUES (?, ?, ?, ?, ?)').run(id, person.name, person.colour, person.note, Date.now());
      return { id, ...person, mergedInto: null };
    },
    update: (person: Pick<PersonRow, 'id' | 'name' | 'colour' | 'note'>) =>
      sql('UPDATE people SET name = ?, colour = ?, note = ? WHERE id = ?').run(person.name, person.colour, person.note, person.id),
    setMerged: (id: string, into: string | null) => sql('UPDATE people SET merged_into = ? WHERE id = ?').run(into, id),
    /** Transcripts whose edited document has a speaker linked to one of `ids`. */
    transcriptsOf(ids: readonly string[]): string[] {
      const rows = sql(
        `SELECT transcript_id FROM transcript_edits
          WHERE EXISTS (SELECT 1 FROM json_each(document, '$.speakers') WHERE json_extract(value, '$.person') IN (SELECT value FROM json_each(?)))`,
      ).all(JSON.stringify(ids));
      return rows.map((row) => row.transcript_id as string);
    },
  };
}

export type PeopleTable = ReturnType<typeof peopleTable>;

/**
 * After a restore: a person the backup brought back (not in `before`) whose name another person
 * already here has is merged into that one, so names stay unique (a restore adds rows by id,
 * never looking at names). The merge is an ordinary one: its links follow, and it can be undone
 * once the name is free.
 */
export function mergeRestoredNames(table: PeopleTable, before: ReadonlySet<string>) {
  const live = table.all().filter((row) => row.mergedInto === null);
  const here = live.filter((row) => before.has(row.id) && row.id !== SELF_ID);
  for (const row of live) {
    if (before.has(row.id)) continue;
    const taken = here.find((other) => sameName(other.name, row.name));
    if (taken) table.setMerged(row.id, taken.id);
  }
}
