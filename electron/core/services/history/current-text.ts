import type { DatabaseSync } from 'node:sqlite';
import { separator } from '../subtitles';
import { statementCache } from '../storage/sqlite-transaction';
import { indexTerms, rowQuery, wordBreaks } from './transcript-rows';
import { fold } from '../../../../shared/domain/fold';

/** Marks around a matched word in a snippet; private-use characters cannot occur in typed text. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/** A preview is the transcript's first characters, as the lists show them. */
export const PREVIEW_CHARS = 160;
/** A row longer than this (an untimed transcript's sentence) is shown around its first match. */
const SNIPPET_CHARS = 200;

/** A row as the index holds it: its speaker's name as it now reads, and its text. */
interface SaidRow {
  speaker: string | null;
  text: string;
}

/** How a row reads in a list: "Name: " where the speaker changes, as the text export writes it. */
const said = (row: SaidRow, before: string | null) => (row.speaker && row.speaker !== before ? `${row.speaker}: ${row.text}` : row.text);

/**
 * The start of a transcript as it now reads (edits and speakers included), from the row index,
 * which every save keeps in step with the document: what the Recent and All transcripts lists show.
 */
export function previewOf(rows: Iterable<SaidRow>): string {
  let preview = '';
  let speaker: string | null = null;
  for (const row of rows) {
    const line = said(row, speaker);
    speaker = row.speaker;
    preview = preview ? preview + separator(preview, line) + line : line;
    if (preview.length >= PREVIEW_CHARS) break;
  }
  return preview.slice(0, PREVIEW_CHARS);
}

/**
 * A row with the words the search matched marked, as FTS5's snippet() marks them: each word
 * of the query, the last as a prefix, in the speaker's name or the text. A long row is cut
 * around its first match.
 */
export function rowSnippet(row: SaidRow, input: string): string {
  const wanted = indexTerms(input).map(fold);
  const matches = (word: string, i: number) => (i === wanted.length - 1 ? word.startsWith(wanted[i]!) : word === wanted[i]);
  const line = said(row, null);
  let marked = '';
  let first = -1;
  for (const part of wordBreaks.segment(line)) {
    const hit = part.isWordLike && wanted.some((_, i) => matches(fold(part.segment), i));
    if (hit && first < 0) first = part.index;
    marked += hit ? MATCH_START + part.segment + MATCH_END : part.segment;
  }
  if (line.length <= SNIPPET_CHARS) return marked;
  // Cut on the plain line's characters, then marked again: a cut never splits a mark from its partner.
  const from = Math.max(0, first - SNIPPET_CHARS / 4);
  return `${from > 0 ? '…' : ''}${rowSnippet({ speaker: null, text: line.slice(from, from + SNIPPET_CHARS) }, input)}…`;
}

/** A transcript found by a row: the first row (in reading order) holding every word of the query, in its text or its speaker's name. */
export interface RowFound {
  transcriptId: string;
  fileName: string;
  createdAt: number;
  snippet: string;
}

/**
 * History search over the transcripts as they now read: the row index holds every transcript's
 * current rows (edited or not) with each row's speaker, so a transcript is found by an edited
 * word, by a speaker's name (one marked in the editor, or by a recording's tracks), and by a
 * Chinese or Japanese word (the index cuts them). Newest transcripts first, one hit each.
 */
export function rowsFound(db: DatabaseSync, input: string, limit: number): RowFound[] {
  const query = rowQuery(indexTerms(input));
  if (!query) return [];
  // Grouped first, then each transcript's first row read by its place: a third of the time of
  // reading every matching row's text (a one-letter prefix over 54,000 rows: 34–68 ms against 130–180, load 9).
  const rows = statementCache(db)(
    `SELECT found.transcriptId, t.file_name AS fileName, t.created_at AS createdAt, r.speaker, r.text
       FROM (SELECT r.transcript_id AS transcriptId, min(r.ord) AS ord
               FROM transcript_rows_fts JOIN transcript_rows r ON r.rowid = transcript_rows_fts.rowid
              WHERE transcript_rows_fts MATCH ? GROUP BY r.transcript_id) found
       JOIN transcripts t ON t.id = found.transcriptId
       JOIN transcript_rows r ON r.transcript_id = found.transcriptId AND r.ord = found.ord
      ORDER BY t.created_at DESC LIMIT ?`,
  ).all(query, limit) as unknown as Array<Omit<RowFound, 'snippet'> & SaidRow>;
  return rows.map(({ speaker, text, ...hit }) => ({ ...hit, snippet: rowSnippet({ speaker, text }, input) }));
}

/** Each transcript's preview, by id: its first rows as they now read. */
export function previews(db: DatabaseSync): (transcriptId: string) => string {
  const firstRows = statementCache(db)('SELECT speaker, text FROM transcript_rows WHERE transcript_id = ? ORDER BY ord LIMIT 12');
  return (transcriptId) => previewOf(firstRows.iterate(transcriptId) as Iterable<SaidRow>);
}
