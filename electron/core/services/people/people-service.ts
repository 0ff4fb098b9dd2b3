import { MAX_PEOPLE, type PeopleEvent, type Person, type PersonInput } from '../../../../shared/contract/people';
import { Problem } from '../../../../shared/domain/problem';
import { createWatchers } from '../events/watchers';
import type { HistoryStore } from '../history/history-store';
import { type PersonRow, SELF_ID, sameName } from '../history/people';

/**
 * The people list (docs/architecture/people.md): who speaks in the user's transcripts, kept in
 * history.sqlite. The user themself is the row `self`, named as Settings keep the name the
 * recorder asks for (`selfName`; "Me" in main's language until it is given), so one name serves
 * the recorder, the speaker labels by track and this list.
 */
export function createPeople(deps: { history: HistoryStore; selfName(): string | null; fallbackSelfName(): string; renameSelf(name: string): Promise<void> }) {
  const table = deps.history.people;
  const watchers = createWatchers<PeopleEvent>();

  /** A row as the page sees it, but for who was merged into it (the whole list says that). */
  const shown = (row: PersonRow): Omit<Person, 'merged'> => ({
    id: row.id,
    name: row.id === SELF_ID ? (deps.selfName() ?? deps.fallbackSelfName()) : row.name,
    colour: row.colour,
    note: row.note,
    self: row.id === SELF_ID,
  });

  function list(): Person[] {
    const rows = table.all();
    const merged = new Map<string, string[]>();
    for (const row of rows) {
      const into = row.mergedInto === null ? null : resolve(row.id);
      if (into) merged.set(into.id, [...(merged.get(into.id) ?? []), row.id]);
    }
    const people = rows.filter((row) => row.mergedInto === null).map((row) => ({ ...shown(row), merged: merged.get(row.id) ?? [] }));
    return people.sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
  }

  const tell = () => watchers.broadcast({ type: 'changed', people: list() });


  const byName = (name: string, except?: string) => list().find((person) => person.id !== except && sameName(person.name, name));

  /** The person a link names as it now stands: merges followed (a chain stops at a loop or a gap). */
  function resolve(id: string): Omit<Person, 'merged'> | null {
    const seen = new Set<string>();
    let row = table.get(id);
    while (row?.mergedInto && !seen.has(row.id)) {
      seen.add(row.id);
      row = table.get(row.mergedInto);
    }
    return row && row.mergedInto === null ? shown(row) : null;
  }

  /** A new person, while the list has room: it goes to every page whole at each change. */
  function added(input: PersonInput): PersonRow {
    if (table.all().length >= MAX_PEOPLE) throw new Problem('people.list_full', { max: MAX_PEOPLE });
    return table.insert(input);
  }

  /**
   * The row a link names as it now stands: a transcript's speaker keeps the id of a person
   * merged away since, and renaming, counting or merging them acts on whom they became.
   */
  function known(id: string): PersonRow {
    const row = table.get(resolve(id)?.id ?? '');
    if (!row) throw new Problem('people.gone');
    return row;
  }

  /** Every id that now resolves to `id`: itself and those merged into it. */
  const aliases = (id: string) => table.all().filter((row) => resolve(row.id)?.id === id).map((row) => row.id);

  return {
    list,
    /** Tells every page the list again (the user's own name changed in Settings). */
    refresh: () => tell(),
    resolve,
    aliases,
    watch: (emit: (event: PeopleEvent) => void, signal: AbortSignal) => watchers.watch(emit, signal, () => ({ type: 'changed', people: list() })),

    add(input: PersonInput): Person {
      const taken = byName(input.name);
      if (taken) throw new Problem('people.name_taken', { name: taken.name });
      const person = { ...shown(added(input)), merged: [] };
      tell();
      return person;
    },

    /** The person of this name, remembered now when there is none: a speaker named in the editor. */
    named(name: string): Person {
      const found = byName(name);
      if (found) return found;
      const person = { ...shown(added({ name, colour: null, note: null })), merged: [] };
      tell();
      return person;
    },

    async edit(link: string, input: PersonInput): Promise<Person> {
      const row = known(link);
      const id = row.id;
      const taken = byName(input.name, id);
      if (taken) throw new Problem('people.name_taken', { name: taken.name });
      if (id === SELF_ID && input.name !== shown(row).name) await deps.renameSelf(input.name);
      table.update({ id, name: id === SELF_ID ? row.name : input.name, colour: input.colour, note: input.note });
      tell();
      return list().find((person) => person.id === id)!;
    },

    /** How many transcripts a person (or anyone merged into them) speaks in. */
    transcriptsOf: (id: string) => table.transcriptsOf(aliases(resolve(id)?.id ?? id)),

    merge(fromLink: string, intoLink: string) {
      const from = known(fromLink).id;
      const into = known(intoLink).id;
      if (from === SELF_ID) throw new Problem('people.merge_self');
      if (from === into) throw new Problem('people.merge_same');
      table.setMerged(from, into);
      tell();
    },

    undoMerge(from: string) {
      const row = table.get(from);
      if (!row?.mergedInto) throw new Problem('people.not_merged');
      // Back as a person of their own only while no one else has the name (names stay unique).
      const taken = byName(row.name);
      if (taken) throw new Problem('people.undo_name_taken', { name: row.name });
      table.setMerged(from, null);
      tell();
    },
  };
}

export type People = ReturnType<typeof createPeople>;
