import type { CueFlag, TranslatedRow, Translation } from '../../../../shared/contract/translation';
import type { FileToSave } from '../storage/file-saver';
import { baseName } from '../transcript-export/export-file';
import { type TranslatedCueRow, formatTranslatedCues, translatedCues } from '../subtitles/translated-cues';

/** An original row as the index holds it: its times and speaker stay main's, never the model's. */
export interface TimedRow {
  rowId: string;
  text: string;
  speaker: string | null;
  startMs: number | null;
  endMs: number | null;
}

/**
 * Each translated row at its original row's times, for the target language's rules to cut into
 * cues (a row without times has no place on the timeline and makes no cue).
 */
function cueRows(rows: readonly TranslatedRow[], originals: readonly TimedRow[]): TranslatedCueRow[] {
  const translated = new Map(rows.map((row) => [row.id, row.text]));
  return originals.flatMap((row) =>
    row.startMs === null || row.endMs === null ? [] : [{ id: row.rowId, startMs: row.startMs, endMs: row.endMs, text: translated.get(row.rowId) ?? row.text, original: row.text, speaker: row.speaker }],
  );
}

/**
 * Each row's flags by what they depend on alone (language, times, text): every get, edit and
 * start shows the flags, and cutting a long row into cues takes milliseconds, so only a row
 * that changed is cut again. Bounded: past the limit it starts over (a few transcripts' rows).
 */
const flagCache = new Map<string, CueFlag['reason'][]>();
const FLAG_CACHE_ROWS = 50_000;

function rowFlags(row: TranslatedCueRow, language: string): CueFlag['reason'][] {
  const key = `${language}\u0000${row.startMs}\u0000${row.endMs}\u0000${row.text}`;
  let reasons = flagCache.get(key);
  if (!reasons) {
    reasons = translatedCues([row], language, { bilingual: false }).flags.map((flag) => flag.reason);
    if (flagCache.size >= FLAG_CACHE_ROWS) flagCache.clear();
    flagCache.set(key, reasons);
  }
  return reasons;
}

/** The cues the rules cannot hold, flagged (never cut), as the page shows them beside the rows. */
export const flagsOf = (rows: readonly TranslatedRow[], originals: readonly TimedRow[], language: string): CueFlag[] =>
  cueRows(rows, originals).flatMap((row) => rowFlags(row, language).map((reason) => ({ rowId: row.id, reason })));

/** A translation as SRT or WebVTT, alone or bilingual (original above translation in one cue), escaped for its format. */
export function translationFile(translation: Translation, originals: readonly TimedRow[], fileName: string, format: 'srt' | 'vtt', bilingual: boolean): FileToSave {
  const { cues } = translatedCues(cueRows(translation.rows, originals), translation.language, { bilingual });
  return {
    fileName: `${baseName(fileName)}.${translation.language}.${format}`,
    mimeType: format === 'srt' ? 'application/x-subrip' : 'text/vtt',
    bytes: new TextEncoder().encode(formatTranslatedCues(cues, format)),
  };
}
