import type { CueFlag, TranslatedRow, Translation } from '../../../../shared/contract/translation';
import type { FileToSave } from '../storage/file-saver';
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

/** The cues the rules cannot hold, flagged (never cut), as the page shows them beside the rows. */
export const flagsOf = (rows: readonly TranslatedRow[], originals: readonly TimedRow[], language: string): CueFlag[] =>
  translatedCues(cueRows(rows, originals), language, { bilingual: false }).flags;

/** A translation as SRT or WebVTT, alone or bilingual (original above translation in one cue), escaped for its format. */
export function translationFile(translation: Translation, originals: readonly TimedRow[], fileName: string, format: 'srt' | 'vtt', bilingual: boolean): FileToSave {
  const { cues } = translatedCues(cueRows(translation.rows, originals), translation.language, { bilingual });
  const base = fileName.replace(/\.[^.]+$/, '');
  return {
    fileName: `${base}.${translation.language}.${format}`,
    mimeType: format === 'srt' ? 'application/x-subrip' : 'text/vtt',
    bytes: new TextEncoder().encode(formatTranslatedCues(cues, format)),
  };
}
