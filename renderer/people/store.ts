import { create } from 'zustand';
import type { Person } from '../../shared/contract/people';
import { api } from '../api';
import { watchStream } from '../api/watch';
import { fold } from '../../shared/domain/fold';

/** The people list as main last told it (every window's changes included). */
export const usePeople = create<{ people: Person[] }>(() => ({ people: [] }));

/** Follows main's list; returns the stop, for the screen's effect. */
export const watchPeople = () => watchStream(api.people.watch, (event) => usePeople.setState({ people: event.people }));

/** The person a speaker's link names as main now has it: itself, or whom it was merged into. */
export const personOf = (people: readonly Person[], id: string) => people.find((person) => person.id === id || person.merged.includes(id)) ?? null;

/** People whose name holds `query` (any case, accents ignored), the best first: those it starts. */
export function peopleMatching(people: readonly Person[], query: string): Person[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...people];
  const found = people.filter((person) => fold(person.name).includes(wanted));
  return found.sort((a, b) => Number(fold(b.name).startsWith(wanted)) - Number(fold(a.name).startsWith(wanted)));
}

/** How many transcripts a person speaks in (what the rename's question names). */
export const transcriptsWith = async (id: string) => (await api.people.uses({ id })).transcripts;

/**
 * A person's new name; `pastTranscripts`: the transcripts they speak in are renamed too (the user
 * said so); else `only` (the transcript being edited) is, by main in the same call.
 */
export async function renamePerson(id: string, name: string, pastTranscripts: boolean, only?: string) {
  const person = personOf(usePeople.getState().people, id);
  return api.people.edit({ id, name, colour: person?.colour ?? null, note: person?.note ?? null, pastTranscripts, only });
}

/** The last merge made from this page, for its notice's Undo; null once undone or dismissed. */
export const useMerged = create<{ merged: { from: string; fromName: string; intoName: string } | null }>(() => ({ merged: null }));

/** `from` becomes `into` everywhere, as one step; the notice offers its undo. */
export async function mergePeople(from: string, into: string) {
  const { people } = usePeople.getState();
  const names = { fromName: personOf(people, from)?.name ?? '', intoName: personOf(people, into)?.name ?? '' };
  await api.people.merge({ from, into });
  useMerged.setState({ merged: { from, ...names } });
}

export async function undoMerge() {
  const { merged } = useMerged.getState();
  if (!merged) return;
  await api.people.undoMerge({ from: merged.from });
  useMerged.setState({ merged: null });
}

/** A person's colour or note (their name as it is: renaming asks first, `renamePerson`). */
export const savePerson = (person: Person, change: Partial<Pick<Person, 'colour' | 'note'>>) =>
  api.people.edit({ id: person.id, name: person.name, colour: person.colour, note: person.note, ...change, pastTranscripts: false });

/** The transcripts a person speaks in, with their talk time there, as main counts it. */
export const personTranscripts = (id: string) => api.people.transcripts({ id });
