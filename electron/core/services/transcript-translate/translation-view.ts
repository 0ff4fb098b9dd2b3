import type { Translation, TranslatedRow, TranslationCounts } from '../../../../shared/contract/translation';
import type { StoredTranslation } from '../history/translations';
import { targetRules } from '../subtitles/target-rules';
import { type TimedRow, flagsOf } from './translation-export';


/**
 * Each original row's translation as it now stands, in the original's order: one per row,
 * always (a row gone drops out, a new one is pending). A kept row whose original now reads
 * otherwise is stale; a row failed alone (untranslated) or not made yet shows the original.
 */
export function translatedRows(stored: StoredTranslation, originals: readonly Pick<TimedRow, 'rowId' | 'text'>[]): TranslatedRow[] {
  return originals.map(({ rowId, text }) => {
    const kept = stored.rows.get(rowId);
    if (!kept) return { id: rowId, text, original: text, status: 'pending', edited: false };
    if (kept.source !== text) return { id: rowId, text: kept.text, original: text, status: 'stale', edited: kept.edited };
    return { id: rowId, text: kept.status === 'untranslated' ? text : kept.text, original: text, status: kept.status, edited: kept.edited };
  });
}

export function countsOf(rows: readonly TranslatedRow[]): TranslationCounts {
  const counts = { rows: rows.length, translated: 0, untranslated: 0, stale: 0, pending: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/**
 * The translation as the page sees it, with the cues its language's rules flag and its direction
 * (the page draws what main decides, never a second right-to-left list); `jobId` only while its job is not done.
 */
export function translationView(stored: StoredTranslation, originals: readonly TimedRow[], jobId: string | null): Translation {
  const rows = translatedRows(stored, originals);
  const { transcriptId, language, createdAt, glossary, synopsis } = stored;
  return { transcriptId, language, rtl: targetRules(language).rtl, createdAt, rows, counts: countsOf(rows), glossary, synopsis: synopsis || null, jobId, flags: flagsOf(rows, originals, language) };
}
