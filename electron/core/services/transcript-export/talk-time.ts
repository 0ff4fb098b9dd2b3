import type { EditorDocument, TalkTime } from '../../../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { clockTime } from './paragraphs';

/** The person a speaker's link names now (merges followed), or null: people-service's resolve. */
export type ResolvePerson = (id: string) => { id: string } | null;

/**
 * Talk time per person: the sum of their rows' durations (a row's first word's start to its
 * last word's end; a row without times counts nothing), most first. Speakers whose people were
 * merged are one entry (named as the first of them here, the transcript's own word); a speaker
 * with no person is their own. The one computation the Speakers panel and every export read.
 * Speakers with no timed row are left out.
 */
export function talkTime(document: EditorDocument, resolve: ResolvePerson): TalkTime[] {
  const speakers = effectiveSpeakers(document.blocks);
  const total = new Map<string, number>();
  document.blocks.forEach((block, i) => {
    const speaker = speakers[i];
    if (!speaker || !block.times?.length) return;
    total.set(speaker, (total.get(speaker) ?? 0) + Math.max(0, block.times.at(-1)! - block.times[0]!));
  });
  const entries = new Map<string, TalkTime>();
  for (const speaker of document.speakers) {
    const ms = total.get(speaker.id) ?? 0;
    const person = speaker.person === undefined ? null : (resolve(speaker.person)?.id ?? null);
    const key = person === null ? `speaker:${speaker.id}` : `person:${person}`;
    const entry = entries.get(key);
    if (entry) entry.ms += ms;
    else entries.set(key, { speaker: speaker.id, name: speaker.name, person, ms });
  }
  return [...entries.values()].filter((entry) => entry.ms > 0).sort((a, b) => b.ms - a.ms);
}

/** "Name: h:mm:ss" lines for the documents' talk-time section. */
export const talkTimeLines = (entries: readonly TalkTime[]) => entries.map((entry) => ({ name: entry.name, time: clockTime(entry.ms / 1000) }));
