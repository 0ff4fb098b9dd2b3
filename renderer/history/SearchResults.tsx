import type { SearchHit } from '../../shared/contract/history';
import type { ChatRole } from '../../shared/domain/chat';
import { nameOf, useChat } from '../chat';
import { useNavigation } from '../navigation';
import { counted } from '../../shared/domain/plural';
import { Snippet } from './Snippet';
import { SEARCH_LIMIT, useHistory } from './store';

const SPEAKER: Record<ChatRole, string> = { user: 'You', assistant: 'Reply', tool: 'Tool result', system: 'System prompt' };

const when = (at: number) => new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A message hit opens its conversation at that message; a transcript hit opens the transcript. */
function open(hit: SearchHit) {
  const navigation = useNavigation.getState();
  if (hit.kind === 'transcript') return navigation.openTranscript(hit.transcriptId);
  void useChat.getState().select(hit.conversationId, hit.messageId);
  navigation.show('chat');
}

function Hit({ hit }: { hit: SearchHit }) {
  const source = hit.kind === 'message' ? nameOf({ title: hit.conversationTitle }) : hit.fileName;
  const detail = hit.kind === 'message' ? SPEAKER[hit.role] : 'Transcript';
  return (
    <li>
      <button type="button" className="search-hit" onClick={() => open(hit)}>
        <span className="hit-source" title={source}>
          {source}
        </span>
        <span className="hit-snippet">
          <Snippet text={hit.snippet} />
        </span>
        <span className="hit-meta">
          {detail} · {when(hit.createdAt)}
        </span>
      </button>
    </li>
  );
}

/** What the search found, in place of the conversation list while there is a query. */
export function SearchResults() {
  const query = useHistory((s) => s.query);
  const searched = useHistory((s) => s.searched);
  const hits = useHistory((s) => s.hits);
  const problem = useHistory((s) => s.searchProblem);

  return (
    <section className="sidebar-scroll" aria-labelledby="results-heading">
      <h2 className="sidebar-heading" id="results-heading">
        Search results
      </h2>
      {problem ? (
        <p className="field-error sidebar-empty" role="alert">
          The search failed: {problem}
        </p>
      ) : hits === null ? (
        <p className="hint sidebar-empty">Searching…</p>
      ) : (
        <>
          <p className="hint results-count" role="status">
            {hits.length === 0
              ? `No matches for “${searched.trim()}”.`
              : hits.length === SEARCH_LIMIT
                ? `The ${SEARCH_LIMIT} newest matches`
                : counted(hits.length, { one: 'match', other: 'matches' })}
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
