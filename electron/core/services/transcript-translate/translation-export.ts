import type { Translation } from '../../../../shared/contract/translation';
import type { FileToSave } from '../storage/file-saver';
import { type Cue, formatSrt, formatVtt } from '../subtitles';

export interface TimedRow {
  rowId: string;
  text: string;
  startMs: number | null;
  endMs: number | null;
}

/**
 * A translation as SRT or WebVTT: one cue per row at exactly that row's times (a row without
 * times has no place on the timeline and makes no cue), the translation alone or under the
 * original. The format's writer escapes what the model wrote.
 */
export function translationFile(translation: Translation, originals: readonly TimedRow[], fileName: string, format: 'srt' | 'vtt', bilingual: boolean): FileToSave {
  const translated = new Map(translation.rows.map((row) => [row.id, row.text]));
  const cues: Cue[] = originals.flatMap((row) => {
    const text = translated.get(row.rowId) ?? row.text;
    if (row.startMs === null || row.endMs === null || !text.trim()) return [];
    return [{ start: row.startMs / 1000, end: row.endMs / 1000, lines: bilingual ? [row.text, text] : [text] }];
  });
  const body = format === 'srt' ? formatSrt(cues) : formatVtt(cues);
  const base = fileName.replace(/\.[^.]+$/, '');
  return { fileName: `${base}.${translation.language}.${format}`, mimeType: format === 'srt' ? 'application/x-subrip' : 'text/vtt', bytes: new TextEncoder().encode(body) };
}
