import { useTranslation } from 'react-i18next';
import type { TranslatedRow, TranslationCounts } from '../../shared/contract/translation';

const COUNT_WORDS = {
  translated: 'translation.count.translated',
  untranslated: 'translation.count.untranslated',
  stale: 'translation.count.stale',
  pending: 'translation.count.pending',
} as const;

/** "Translated: 998 · Untranslated: 1 · Stale: 1": how far a translation is, in words (the panel's and the editor's track). */
export function useCountsText() {
  const { t } = useTranslation('transcription');
  return (counts: TranslationCounts) =>
    (Object.keys(COUNT_WORDS) as Array<keyof typeof COUNT_WORDS>)
      .filter((key) => key === 'translated' || counts[key] > 0)
      .map((key) => t(COUNT_WORDS[key], { n: counts[key] }))
      .join(' · ');
}

/** Rows "Translate again" sends: stale, untranslated, and pending too (main's `unfinished` covers a cancelled job's rest). */
export const unfinishedOf = (counts: TranslationCounts) => counts.untranslated + counts.stale + counts.pending;

const STATUS_WORDS = { untranslated: 'translation.rowUntranslated', stale: 'translation.rowStale', pending: 'translation.rowPending' } as const;

/** A row's state in words ("Stale: the original changed since · Edited by you"), or null for a plain translated row. */
export function useRowStatus() {
  const { t } = useTranslation('transcription');
  return (row: TranslatedRow) => {
    const words = [row.status === 'translated' ? null : t(STATUS_WORDS[row.status]), row.edited ? t('translation.rowEdited') : null].filter(Boolean);
    return words.length ? words.join(' · ') : null;
  };
}
