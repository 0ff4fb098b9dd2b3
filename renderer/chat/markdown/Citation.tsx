import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../common/timecode';
import { useNavigation } from '../../navigation';

/** The transcript a conversation is about, and its rows as main has them now (id → start in ms). */
export interface CitedTranscript {
  transcriptId: string;
  rows: ReadonlyMap<string, number | null>;
}

/**
 * Whether every id could be one of this transcript's row ids: ids are its counter in base 36 and
 * only count up (row-ids.ts), so an id above its highest row was never given. Words and years in
 * brackets ([sic], [2024]) are that, in any transcript shorter than thousands of rows.
 */
function couldBeRows(ids: readonly string[], rows: CitedTranscript['rows']): boolean {
  let highest = 0;
  for (const id of rows.keys()) highest = Math.max(highest, parseInt(id, 36));
  return ids.every((id) => parseInt(id, 36) <= highest);
}

/**
 * Row ids an answer cites: a link to the moment for the ids the transcript has, which plays from
 * the first and highlights them; a bracket naming none of its rows is marked uncited, never
 * linked, when it could name one (a row deleted since, or made up), and else is the answer's own
 * text (`text`, the bracket as written).
 */
export function Citation({ cited, ids, text }: { cited: CitedTranscript; ids: string[]; text: ReactNode }) {
  const { t } = useTranslation('chat');
  const found = ids.filter((id) => cited.rows.has(id));
  if (!found.length && !couldBeRows(ids, cited.rows)) return text;
  if (!found.length) return <span className="cite-uncited">{t('markdown.uncited')}</span>;
  const startMs = cited.rows.get(found[0]!);
  const at = startMs === null || startMs === undefined ? t('markdown.citeRow') : formatClock(startMs / 1000);
  return (
    <button type="button" className="link cite" title={t('markdown.citeTitle')} onClick={() => useNavigation.getState().openTranscriptAt(cited.transcriptId, found)}>
      {at}
    </button>
  );
}
