import type { EditorDocument } from '../../../../shared/contract/transcriptEditor';
import type { TranscriptReading, TranscriptRecord } from '../../../../shared/contract/transcription';
import type { Word } from '../../../../shared/domain/transcript';
import { collapseSpace } from '../subtitles';
import { hasTimings } from '../transcript-editor/original';
import { editedText } from './documents';
import { paragraphsOf } from './paragraphs';

/**
 * A transcript as its page shows it, grouped as the exports group it, edited or not: a segment
 * per paragraph of the text export (a new one where the speaker changes, after a pause or at a
 * marker), each made of whole rows. Once edited, the document in the service's shape, so the
 * page reads, plays along and copies the same words every export holds: the words with their
 * times, and the text with "Name: " where a speaker is marked. An unedited transcript without
 * timings reads as the service wrote it: there are no times to place its rows by.
 */
export function readingOf(record: TranscriptRecord, document: EditorDocument, edited: boolean): TranscriptReading {
  if (!edited && !hasTimings(document)) return { ...record, edits: null, rows: rowsRead(document, []) };
  // A paragraph ends where a marker falls, so the page shows each marker at its row, not a paragraph later.
  const paragraphs = paragraphsOf(
    document,
    (record.transcript.markers ?? []).map((marker) => marker.at).sort((a, b) => a - b),
  );
  const timed = placed(paragraphs);
  const words: Word[] = [];
  for (const block of document.blocks) {
    const { times } = block;
    if (times) block.words.forEach((word, i) => words.push({ word, start: times[i * 2]! / 1000, end: times[i * 2 + 1]! / 1000 }));
  }
  const segments = timed.map((paragraph, id) => ({ id, start: paragraph.start!, end: paragraph.end!, text: paragraph.text }));
  // Unedited, its text and words stay the service's (its words often lack the text's punctuation,
  // which the page keeps); only the grouping is the document's.
  if (!edited) return { ...record, transcript: { ...record.transcript, segments }, edits: null, rows: rowsRead(document, record.transcript.words) };
  const rows = rowsRead(document, words);
  return {
    ...record,
    transcript: { ...record.transcript, text: editedText(document, { timestamps: false }).trim(), segments, words },
    edits: { speakers: timed.map((paragraph) => paragraph.speaker) },
    rows,
  };
}

/**
 * The paragraphs with times, a row typed in without any placed where it stands: at the end of the
 * paragraph before it (or the start of the one after), so the page shows every paragraph the
 * exports hold (left out, a typed row of its own speaker was in Copy but not on the page). None
 * when no paragraph has times: the page then shows the text as written.
 */
function placed(paragraphs: ReturnType<typeof paragraphsOf>) {
  const first = paragraphs.find((paragraph) => paragraph.start !== null);
  if (!first) return [];
  let at = first.start!;
  return paragraphs.map((paragraph) => {
    if (paragraph.start === null) return { ...paragraph, start: at, end: at };
    at = paragraph.end!;
    return paragraph;
  });
}

/**
 * A document's rows as its page places them: the editor's rows, under their ids, each with its
 * words among `words` (the reading's), so the page never guesses a word's row by its time. The
 * words are the timed rows' in order, each row's words either its own (edited) or the service's
 * it was made of (unedited: `originalDocument` joins service words into a row's words without
 * adding or dropping a character but spaces), so a walk over their characters finds each row's.
 */
export function rowsRead(document: EditorDocument, words: readonly Word[]): TranscriptReading['rows'] {
  let next = 0;
  return document.blocks.map((block) => {
    const firstWord = next;
    if (block.times) {
      let left = block.words.reduce((sum, word) => sum + collapseSpace(word).length, 0);
      // A word of spaces alone was no row's: it goes with the row it falls in.
      while (next < words.length && (left > 0 || !collapseSpace(words[next]!.word))) left -= collapseSpace(words[next++]!.word).length;
    }
    return { id: block.id, startMs: block.times?.[0] ?? null, endMs: block.times?.at(-1) ?? null, firstWord, wordCount: next - firstWord };
  });
}
