import { useEffect, useMemo, useState } from 'react';
import type { EditorBlock } from '../../shared/contract/transcriptEditor';
import type { TranslatedRow, TranslationMatch } from '../../shared/contract/translation';
import type { Match } from '../../shared/domain/transcript-edits';
import { findInTranslation } from '../translation';
import { useFind } from './find';

/** A match of Find: in a row's original text, or (`rowId` set) in its translation as main found it. */
export type FoundMatch = Match & { rowId?: string };

/**
 * Find in the translation shown: main searches its wording (the page holds only what it shows),
 * asked again when the search or the translation changes. A refused or stale answer finds nothing
 * rather than marking rows of another search.
 */
function useTranslationMatches(rows: ReadonlyMap<string, TranslatedRow> | null): TranslationMatch[] {
  const { open, options } = useFind();
  const [found, setFound] = useState<{ key: string; matches: TranslationMatch[] }>({ key: '', matches: [] });
  const key = open && rows && options.find ? JSON.stringify(options) : '';
  useEffect(() => {
    if (!key) return;
    let current = true;
    findInTranslation(useFind.getState().options).then(
      (matches) => current && setFound({ key, matches }),
      () => current && setFound({ key, matches: [] }),
    );
    return () => void (current = false);
  }, [key, rows]);
  return found.key === key ? found.matches : [];
}

/** The original's matches and the translation's, in reading order: a row's original first, then its translation. */
export function useAllMatches(blocks: readonly EditorBlock[] | undefined, original: Match[], rows: ReadonlyMap<string, TranslatedRow> | null): FoundMatch[] {
  const translated = useTranslationMatches(rows);
  return useMemo(() => {
    if (!translated.length || !blocks) return original;
    const at = new Map(blocks.map((block, i) => [block.id, i]));
    const inTrack = translated.flatMap((hit) => {
      const block = at.get(hit.rowId);
      return block === undefined ? [] : [{ block, index: hit.index, length: hit.length, rowId: hit.rowId }];
    });
    return [...original, ...inTrack].sort((a: FoundMatch, b: FoundMatch) =>
      a.block - b.block || Number(!!a.rowId) - Number(!!b.rowId) || a.index - b.index);
  }, [blocks, original, translated]);
}
