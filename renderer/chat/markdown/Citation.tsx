import { useTranslation } from 'react-i18next';
import { formatClock } from '../../common/timecode';
import { useNavigation } from '../../navigation';

/** The transcript a conversation is about, and its rows as main has them now (id → start in ms). */
export interface CitedTranscript {
  transcriptId: string;
  rows: ReadonlyMap<string, number | null>;
}

/**
 * Row ids an answer cites: a link to the moment for the ids the transcript has, which plays from
 * the first and highlights them; a bracket naming none of its rows is marked uncited, never linked.
 */
export function Citation({ cited, ids }: { cited: CitedTranscript; ids: string[] }) {
  const { t } = useTranslation('chat');
  const found = ids.filter((id) => cited.rows.has(id));
  if (!found.length) return <span className="cite-uncited">{t('markdown.uncited')}</span>;
  const startMs = cited.rows.get(found[0]!);
  const at = startMs === null || startMs === undefined ? t('markdown.citeRow') : formatClock(startMs / 1000);
  return (
    <button type="button" className="link cite" title={t('markdown.citeTitle')} onClick={() => useNavigation.getState().openTranscriptAt(cited.transcriptId, found)}>
      {at}
    </button>
  );
}
