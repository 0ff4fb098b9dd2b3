import { randomUUID } from 'node:crypto';
import type { EditIntent, EditorDocument, EditorPatch, Speaker } from '../../../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { Problem } from '../../../../shared/domain/problem';

/** What the editor needs of the people list (services/people): a link followed, a name remembered. */
export interface PeopleLookup {
  resolve(id: string): { id: string; name: string } | null;
  named(name: string): { id: string; name: string };
}

type Choice = NonNullable<Extract<EditIntent, { type: 'speaker' }>['speaker']>;

/**
 * The speaker a row is given, as this document knows it: an existing one, the one already
 * linked to the chosen person (or of their name, linked now), or a new one. `speakers` is the
 * new speaker list when it changed. Without a people list (tests of the editor alone) names
 * stay unlinked.
 */
function chosen(document: EditorDocument, choice: Choice, people: PeopleLookup | null): { id: string; speakers: Speaker[] | null } {
  if ('id' in choice) {
    if (!document.speakers.some((speaker) => speaker.id === choice.id)) throw new Problem('editor.no_speaker');
    return { id: choice.id, speakers: null };
  }
  const person = 'person' in choice ? people?.resolve(choice.person) : people?.named(choice.name);
  if ('person' in choice && !person) throw new Problem('people.gone');
  const name = person?.name ?? ('name' in choice ? choice.name : '');
  if (!person) {
    const same = document.speakers.find((speaker) => speaker.name === name);
    if (same) return { id: same.id, speakers: null };
  } else {
    const linked = document.speakers.find((speaker) => speaker.person !== undefined && people!.resolve(speaker.person)?.id === person.id);
    if (linked) return { id: linked.id, speakers: null };
    const same = document.speakers.find((speaker) => speaker.person === undefined && speaker.name === name);
    if (same) return { id: same.id, speakers: document.speakers.map((speaker) => (speaker === same ? { ...speaker, person: person.id } : speaker)) };
  }
  const added: Speaker = { id: randomUUID(), name, ...(person && { person: person.id }) };
  return { id: added.id, speakers: [...document.speakers, added] };
}

/**
 * A 'speaker' intent's patch. Without `to`, the speaker starts at the row (rows after it that
 * carry no mark go on with it). With `to`, rows `block`…`to` are that speaker's and the row
 * after keeps the speaker it had, as one step: what the keyboard's assignment means.
 */
export function speakerPatch(document: EditorDocument, intent: Extract<EditIntent, { type: 'speaker' }>, people: PeopleLookup | null): EditorPatch {
  const last = intent.to ?? intent.block;
  if (!document.blocks[intent.block] || !document.blocks[last] || last < intent.block) throw new Problem('editor.no_row', { row: Math.max(intent.block, last) + 1, rows: document.blocks.length });
  const picked = intent.speaker === null ? { id: null, speakers: null } : chosen(document, intent.speaker, people);
  if (intent.to === undefined) return { ranges: [{ at: intent.block, remove: 1, insert: [{ ...document.blocks[intent.block]!, speaker: picked.id }] }], speakers: picked.speakers ?? null };
  const before = effectiveSpeakers(document.blocks);
  const insert = document.blocks.slice(intent.block, last + 1).map((block, i) => ({ ...block, speaker: i === 0 ? picked.id : null }));
  const after = document.blocks[last + 1];
  // The row after was going on with the speaker before: it now says so itself.
  if (after && after.speaker === null && before[last + 1] !== picked.id) insert.push({ ...after, speaker: before[last + 1] ?? null });
  return { ranges: [{ at: intent.block, remove: insert.length, insert }], speakers: picked.speakers ?? null };
}
