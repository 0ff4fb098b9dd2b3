import { randomUUID } from 'node:crypto';
import { type EditorBlock, type EditorDocument, type EditorPatch, MAX_SPEAKER_NAME_CHARS, type Speaker } from '../../../../shared/contract/transcriptEditor';
import { type Side, type Span, labelWords } from './label-words';
import type { TrackLevels } from './wav-levels';
import type { RowCounter } from '../transcript-editor/row-ids';
import { SELF_ID } from '../history/people';

/** The names the two sides get: the user's own, and "Others" in main's language. */
export type SideNames = Record<Side, string>;

/**
 * The speaker named `name` (as the editor takes names: trimmed, at most its length) for a side:
 * the document's own if it has one, else a new one to add. `person`: the people list's person
 * the side is (the microphone's is the user, `self`); a speaker linked to them is theirs
 * whatever its name, and one of that name linked to no one is linked now.
 */
function speakerNamed(document: EditorDocument, given: string, person?: string): { speaker: Speaker; changed: boolean } {
  const name = given.trim().slice(0, MAX_SPEAKER_NAME_CHARS);
  if (!name) throw new Error('A side without a name: the user\'s name must be asked for before labelling.');
  const linked = person === undefined ? undefined : document.speakers.find((speaker) => speaker.person === person);
  if (linked) return { speaker: linked, changed: false };
  const existing = document.speakers.find((speaker) => speaker.name === name);
  if (existing && (existing.person !== undefined || person === undefined)) return { speaker: existing, changed: false };
  return { speaker: { ...(existing ?? { id: randomUUID(), name }), ...(person !== undefined && { person }) }, changed: true };
}

/** The speaker list with the sides' new or newly linked speakers, or null when none is. */
function withSides(document: EditorDocument, sides: ReadonlyArray<{ speaker: Speaker; changed: boolean }>): Speaker[] | null {
  const changed = sides.filter((side) => side.changed).map((side) => side.speaker);
  if (!changed.length) return null;
  const kept = document.speakers.map((speaker) => changed.find((side) => side.id === speaker.id) ?? speaker);
  return [...kept, ...changed.filter((side) => !document.speakers.some((speaker) => speaker.id === side.id))];
}

/**
 * The document with every timed row split where the side changes and each run of one side
 * starting with its speaker: what the user could have made by splitting rows and naming
 * speakers, as one patch (one step Undo takes back). Rows without timings stay as they are.
 * Null when no word could be told apart (no timings, both tracks silent).
 */
export function labelledPatch(document: EditorDocument, mic: TrackLevels, system: TrackLevels, names: SideNames, rows: RowCounter): EditorPatch | null {
  const spans: Span[] = [];
  for (const block of document.blocks) {
    const { times } = block;
    if (times) for (let i = 0; i < times.length; i += 2) spans.push({ start: times[i]!, end: times[i + 1]! });
  }
  const sides = labelWords(spans, mic, system);
  if (!sides.some((side) => side !== null)) return null;
  const speakers = { mic: speakerNamed(document, names.mic, SELF_ID), others: speakerNamed(document, names.others) };
  const blocks: EditorBlock[] = [];
  let word = 0;
  let current: Side | null = null;
  for (const block of document.blocks) {
    if (!block.times) {
      blocks.push(block);
      continue;
    }
    let from = 0;
    for (let i = 1; i <= block.words.length; i++) {
      if (i < block.words.length && sides[word + i] === sides[word + from]) continue;
      const side = sides[word + from]!;
      // A row cut where the side changes keeps its id on its first run, as a split does.
      blocks.push({ id: from === 0 ? block.id : rows.give(), speaker: side === current ? null : speakers[side].speaker.id, words: block.words.slice(from, i), times: block.times.slice(from * 2, i * 2) });
      current = side;
      from = i;
    }
    word += block.words.length;
  }
  const used = new Set(blocks.map((block) => block.speaker));
  const named = (['mic', 'others'] as const).filter((side) => used.has(speakers[side].speaker.id)).map((side) => speakers[side]);
  return { ranges: [{ at: 0, remove: document.blocks.length, insert: blocks }], speakers: withSides(document, named) };
}

/**
 * Every row said by one speaker (the user, of a recording made with their microphone alone, when
 * they said all of it was them): the first row starts with that speaker and no other row names
 * another (a row without a mark continues the one before it), as one patch. Null when it already reads so.
 */
export function onePersonPatch(document: EditorDocument, name: string): EditorPatch | null {
  if (!document.blocks.length) return null;
  const side = speakerNamed(document, name, SELF_ID);
  const blocks = document.blocks.map((block, i) => {
    const marked = i === 0 ? side.speaker.id : null;
    return block.speaker === marked ? block : { ...block, speaker: marked };
  });
  if (!side.changed && blocks.every((block, i) => block === document.blocks[i])) return null;
  return { ranges: [{ at: 0, remove: document.blocks.length, insert: blocks }], speakers: withSides(document, [side]) };
}
