import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../shared/contract/history';
import type { ChatRole } from '../../shared/domain/chat';
import { nameOf, useChat } from '../chat';
import { useNavigation } from '../navigation';
import { problemText } from '../common/problem-text';
import { useFormats } from '../i18n';
import { Snippet } from './Snippet';
import { SEARCH_LIMIT, useHistory } from './store';

const SPEAKER = { user: 'search.you', assistant: 'search.reply', tool: 'search.tool', system: 'search.system' } as const satisfies Record<ChatRole, string>;

/** A message hit opens its conversation at that message; a transcript hit opens the transcript. */
function open(hit: SearchHit) {
  const navigation = useNavigation.getState();
  if (hit.kind === 'transcript') return navigation.openTranscript(hit.transcriptId);
  void useChat.getState().select(hit.conversationId, hit.messageId);
  navigation.show('chat');
}

function Hit({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('history');
  const { date } = useFormats();
  const source = hit.kind === 'message' ? nameOf({ title: hit.conversationTitle }) : hit.fileName;
  const detail = hit.kind === 'message' ? t(SPEAKER[hit.role]) : t('search.transcript');
  return (
    <li>
      <button type="button" className="search-hit" onClick={() => open(hit)}>
        <span className="hit-source" title={source} translate="no" dir="auto">
          {source}
        </span>
        <span className="hit-snippet" translate="no" dir="auto">
          <Snippet text={hit.snippet} />
        </span>
        <span className="hit-meta">{t('search.meta', { what: detail, date: date(hit.createdAt) })}</span>
      </button>
    </li>
  );
}

/** What the search found, in place of the conversation list while there is a query. */
export function SearchResults() {
  const { t } = useTranslation('history');
  const query = useHistory((s) => s.query);
  const searched = useHistory((s) => s.searched);
  const hits = useHistory((s) => s.hits);
  const problem = useHistory((s) => s.searchProblem);

  return (
    <section className="sidebar-scroll" aria-labelledby="results-heading">
      <h2 className="sidebar-heading" id="results-heading">
        {t('search.results')}
      </h2>
      {problem ? (
        <p className="field-error sidebar-empty" role="alert">
          {t('search.failed', { problem: problemText(problem.error) })}
        </p>
      ) : hits === null ? (
        <p className="hint sidebar-empty">{t('search.searching')}</p>
      ) : (
        <>
          <p className="hint results-count" role="status">
            {hits.length === 0
              ? t('search.none', { query: searched.trim() })
              : hits.length === SEARCH_LIMIT
                ? t('search.newest', { count: SEARCH_LIMIT })
                : t('search.matches', { count: hits.length })}
          </p>
          {hits.length > 0 && (
            <ul className="search-hits" aria-labelledby="results-heading" aria-busy={searched !== query}>
              {hits.map((hit) => (
                <Hit key={hit.kind === 'message' ? hit.messageId : hit.transcriptId} hit={hit} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
