import type { EditorDocument, TalkTime } from '../../../../shared/contract/transcriptEditor';
import { effectiveSpeakers } from '../../../../shared/domain/transcript-edits';
import { clockTime } from './paragraphs';

/**
 * Talk time per speaker: the sum of their rows' durations (a row's first word's start to its
 * last word's end; a row without times counts nothing), most first. The one computation the
 * Speakers panel and every export read. Speakers with no timed row are left out.
 */
export function talkTime(document: EditorDocument): TalkTime[] {
  const speakers = effectiveSpeakers(document.blocks);
  const total = new Map<string, number>();
  document.blocks.forEach((block, i) => {
    const speaker = speakers[i];
    if (!speaker || !block.times?.length) return;
    total.set(speaker, (total.get(speaker) ?? 0) + Math.max(0, block.times.at(-1)! - block.times[0]!));
  });
  return document.speakers
    .filter((speaker) => (total.get(speaker.id) ?? 0) > 0)
    .map((speaker) => ({ speaker: speaker.id, name: speaker.name, person: speaker.person ?? null, ms: total.get(speaker.id)! }))
    .sort((a, b) => b.ms - a.ms);
}

/** "Name: h:mm:ss" lines for the documents' talk-time section. */
export const talkTimeLines = (entries: readonly TalkTime[]) => entries.map((entry) => ({ name: entry.name, time: clockTime(entry.ms / 1000) }));
