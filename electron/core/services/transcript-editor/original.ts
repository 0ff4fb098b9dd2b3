import type { EditorBlock, EditorDocument } from '../../../../shared/contract/transcriptEditor';
import { DEFAULT_SUBTITLE_RULES, type Transcript } from '../../../../shared/domain/transcript';
import { wordsInCues } from '../subtitles';
import { spread, validTimes, wordsOf } from './retime';
import { originalRowId } from './row-ids';

/**
 * The first rows are cues as the default subtitle rules make them, not the user's: the
 * original must stay the same document (stored steps and Revert refer to its rows) when the
 * user changes the rules; exports cut the rows by the user's rules.
 */
const ROW_RULES = DEFAULT_SUBTITLE_RULES;
const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * The editor's document for a service result, before any edit (Revert to original goes
 * back to it). Word timings become rows of subtitle-sized cues; segments without words one
 * row each, their span shared among their words; plain text (json, text, or subtitles the
 * service wrote) one row per sentence, without timings.
 */
export function originalDocument(transcript: Transcript): EditorDocument {
  if (transcript.words.length) {
    const { units, cues } = wordsInCues(transcript.words, ROW_RULES, transcript.duration);
    // Plain loops: this runs over every word when a long transcript first opens.
    const blocks = cues.map(([from, to], row): EditorBlock => {
      const words = new Array<string>(to - from);
      const times = new Array<number>((to - from) * 2);
      for (let i = from; i < to; i++) {
        const unit = units[i]!;
        words[i - from] = unit.text;
        times[(i - from) * 2] = unit.start;
        times[(i - from) * 2 + 1] = unit.end;
      }
      return { id: originalRowId(row), speaker: null, words, times };
    });
    return { blocks, speakers: [] };
  }
  if (transcript.segments.length) {
    const blocks = transcript.segments.flatMap((segment): EditorBlock[] => {
      const words = wordsOf(segment.text);
      if (!words.length) return [];
      const times: number[] = [];
      const start = Math.max(0, Math.round(segment.start * 1000));
      spread(words, start, Math.max(start, Math.round(segment.end * 1000)), times);
      return [{ id: '', speaker: null, words, times }];
    });
    blocks.forEach((block, row) => (block.id = originalRowId(row)));
    let floor = 0;
    for (const block of blocks) {
      validTimes(block.times!, floor);
      floor = block.times!.at(-2) ?? floor;
    }
    return { blocks, speakers: [] };
  }
  const blocks = Array.from(sentences.segment(transcript.text), (part) => wordsOf(part.segment))
    .filter((words) => words.length)
    .map((words, row): EditorBlock => ({ id: originalRowId(row), speaker: null, words, times: null }));
  return { blocks, speakers: [] };
}

/** Whether the document has word timings (then subtitles can be made from it). */
export const hasTimings = (document: EditorDocument) => document.blocks.some((block) => block.times !== null);
