import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReplyCitation } from '../../../shared/contract/ask';
import { citationKey } from '../../../shared/domain/row-citations';
import { formatClock } from '../../common/timecode';
import { useNavigation } from '../../navigation';

/** The transcript a conversation is about, and main's verdict on each bracket of the reply (null until main answered). */
export interface CitedTranscript {
  transcriptId: string;
  verdicts: ReadonlyMap<string, ReplyCitation> | null;
}

const STATUS_WORDS = { unsupported: 'markdown.unsupported', unchecked: 'markdown.unchecked' } as const;

/**
 * Row ids an answer cites, shown as main checked them (services/transcript-ask/reply-citations.ts):
 * a link to the moment of the cited rows the transcript has, which plays from the first and
 * highlights them, followed by main's verdict in words when the rows do not support the claim or
 * could not be checked; "not supported" alone for a bracket naming no row the transcript has; as
 * written (`text`) for a bracket that is the answer's own words ([sic], [2024]) or not checked yet.
 */
export function Citation({ cited, ids, text }: { cited: CitedTranscript; ids: string[]; text: ReactNode }) {
  const { t } = useTranslation('chat');
  const verdict = cited.verdicts?.get(citationKey(ids));
  if (!verdict || verdict.status === 'text') return text;
  const words = verdict.status === 'supported' ? null : <span className="cite-uncited">{t(STATUS_WORDS[verdict.status])}</span>;
  const first = verdict.rows[0];
  if (!first) return <span className="cite-uncited">{t('markdown.unsupportedNoRow')}</span>;
  const at = first.startMs === null ? t('markdown.citeRow') : formatClock(first.startMs / 1000);
  const rowIds = verdict.rows.map((row) => row.rowId);
  return (
    <>
      <button type="button" className="link cite" title={t('markdown.citeTitle')} onClick={() => useNavigation.getState().openTranscriptAt(cited.transcriptId, rowIds)}>
        {at}
      </button>
      {words && <> {words}</>}
    </>
  );
}
