import type { PeopleEvent, Person, PersonInput } from '../../../../shared/contract/people';
import { Problem } from '../../../../shared/domain/problem';
import { createWatchers } from '../events/watchers';
import type { HistoryStore } from '../history/history-store';
import { type PersonRow, SELF_ID } from '../history/people';

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * The people list (docs/architecture/people.md): who speaks in the user's transcripts, kept in
 * history.sqlite. The user themself is the row `self`, named as Settings keep the name the
 * recorder asks for (`selfName`; "Me" in main's language until it is given), so one name serves
 * the recorder, the speaker labels by track and this list.
 */
export function createPeople(deps: { history: HistoryStore; selfName(): string | null; fallbackSelfName(): string; renameSelf(name: string): Promise<void> }) {
  const table = deps.history.people;
  const watchers = createWatchers<PeopleEvent>();

  const shown = (row: PersonRow): Person => ({
    id: row.id,
    name: row.id === SELF_ID ? (deps.selfName() ?? deps.fallbackSelfName()) : row.name,
    colour: row.colour,
    note: row.note,
    self: row.id === SELF_ID,
  });

  function list(): Person[] {
    const people = table.all().filter((row) => row.mergedInto === null).map(shown);
    return people.sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
  }

  const tell = () => watchers.broadcast({ type: 'changed', people: list() });

  function known(id: string): PersonRow {
    const row = table.get(id);
    if (!row || row.mergedInto !== null) throw new Problem('people.gone');
    return row;
  }

  const byName = (name: string, except?: string) => list().find((person) => person.id !== except && sameName(person.name, name));

  /** The person a link names as it now stands: merges followed (a chain stops at a loop or a gap). */
  function resolve(id: string): Person | null {
    const seen = new Set<string>();
    let row = table.get(id);
    while (row?.mergedInto && !seen.has(row.id)) {
      seen.add(row.id);
      row = table.get(row.mergedInto);
    }
    return row && row.mergedInto === null ? shown(row) : null;
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
      const person = shown(table.insert(input));
      tell();
      return person;
    },

    /** The person of this name, remembered now when there is none: a speaker named in the editor. */
    named(name: string): Person {
      const found = byName(name);
      if (found) return found;
      const person = shown(table.insert({ name, colour: null, note: null }));
      tell();
      return person;
    },

    async edit(id: string, input: PersonInput): Promise<Person> {
      const row = known(id);
      const taken = byName(input.name, id);
      if (taken) throw new Problem('people.name_taken', { name: taken.name });
      if (id === SELF_ID && input.name !== shown(row).name) await deps.renameSelf(input.name);
      table.update({ id, name: id === SELF_ID ? row.name : input.name, colour: input.colour, note: input.note });
      tell();
      return shown(table.get(id)!);
    },

    /** How many transcripts a person (or anyone merged into them) speaks in. */
    transcriptsOf: (id: string) => table.transcriptsOf(aliases(id)),

    merge(from: string, into: string) {
      if (from === SELF_ID) throw new Problem('people.merge_self');
      if (from === into) throw new Problem('people.merge_same');
      known(from);
      known(into);
      table.setMerged(from, into);
      tell();
    },

    undoMerge(from: string) {
      const row = table.get(from);
      if (!row?.mergedInto) throw new Problem('people.not_merged');
      table.setMerged(from, null);
      tell();
    },
  };
}

export type People = ReturnType<typeof createPeople>;
