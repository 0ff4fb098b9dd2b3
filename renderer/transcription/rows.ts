import type { TranscriptReading } from '../../shared/contract/transcription';
import type { Word } from '../../shared/domain/transcript';
import { type Paragraph, lastStartedAt } from './timeline';

/** One of main's rows as the page has it: its id and times (ms). */
export type PageRow = TranscriptReading['rows'][number];

/**
 * Where main's rows show among the paragraphs: main made the rows, grouped them into the
 * paragraphs (docs/architecture/transcript-rows.md) and says which of the words each row holds;
 * the page only looks them up. A paragraph holds whole rows; a row is cut in two only where a
 * marker dropped inside it ends a paragraph, as in the text export.
 */
export interface RowPlaces {
  /** Per paragraph, the index in `rows` of each token's row (-1: none). */
  tokens: Int32Array[];
  /** The first paragraph each row shows in (-1: nowhere, e.g. a transcript without times). */
  paragraph: Int32Array;
}

/** Half a millisecond and more: a row's start is its first word's, rounded to whole ms. */
const ROUNDING = 0.001;

export function placeRows(rows: readonly PageRow[], paragraphs: readonly Paragraph[], words: readonly Word[]): RowPlaces {
  const rowOfWord = new Int32Array(words.length).fill(-1);
  rows.forEach((row, i) => rowOfWord.fill(i, row.firstWord, Math.min(words.length, row.firstWord + row.wordCount)));
  // Rows main gave no words: typed in without times (words after its row's, before the next timed
  // row's, are its), or all of a transcript whose service sent no word timings (placed by time).
  const untimedAfter = rows.map((_row, i) => (rows[i + 1]?.startMs === null && rows[i + 1]!.wordCount === 0 ? i + 1 : -1));
  const starts = rows.flatMap((row, i) => (row.startMs === null ? [] : [{ start: row.startMs / 1000, i }]));
  const rowAt = (seconds: number) => starts[Math.max(0, lastStartedAt(starts, seconds + ROUNDING))]?.i ?? -1;
  const paragraph = new Int32Array(rows.length).fill(-1);
  const tokens = paragraphs.map((shown, p) => {
    const of = new Int32Array(shown.tokens.length);
    const firstWord = shown.tokens.find((token) => token.word !== null)?.word;
    let current = firstWord != null ? rowOfWord[firstWord]! : shown.start !== null ? rowAt(shown.start) : -1;
    // Text not tied to a word (punctuation the words lack) is in the row of the words before it,
    // unless that row's words are done and a row typed in without times follows it.
    let lastOfRow = false;
    shown.tokens.forEach((token, k) => {
      if (token.word !== null && rowOfWord[token.word]! >= 0) {
        current = rowOfWord[token.word]!;
        lastOfRow = token.word === rows[current]!.firstWord + rows[current]!.wordCount - 1;
      } else if (lastOfRow && untimedAfter[current]! >= 0) {
        current = untimedAfter[current]!;
        lastOfRow = false;
      }
      of[k] = current;
      if (current >= 0 && paragraph[current] === -1) paragraph[current] = p;
    });
    return of;
  });
  return { tokens, paragraph };
}

/** Runs of tokens in the same row: [from, to) each. */
export function rowRuns(tokenRows: Int32Array): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let k = 0; k < tokenRows.length; k++) {
    if (k === 0 || tokenRows[k] !== tokenRows[k - 1]) runs.push([k, k + 1]);
    else runs.at(-1)![1] = k + 1;
  }
  return runs;
}

/** What a citation names, found among the rows: their ids, the first (in the transcript's order) and how many are gone. */
export interface Cited {
  ids: ReadonlySet<string>;
  /** Index in `rows` of the first cited row still there, or -1. */
  first: number;
  /** Ids not (or no longer) in the transcript: an edit took their rows away since they were cited. */
  missing: number;
}

export function citedRows(rowIds: readonly string[], rows: readonly PageRow[]): Cited {
  const wanted = new Set(rowIds);
  const ids = new Set<string>();
  let first = -1;
  rows.forEach((row, i) => {
    if (!wanted.has(row.id)) return;
    ids.add(row.id);
    if (first < 0) first = i;
  });
  return { ids, first, missing: wanted.size - ids.size };
}
