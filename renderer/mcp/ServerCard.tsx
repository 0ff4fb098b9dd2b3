import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpProblem, McpServerView } from '../../shared/contract/mcp';
import { ServerForm } from './ServerForm';
import { toolLabel, toolsOf, useMcp } from './store';
import { problemText, problemWords } from '../common/problem-text';

const REASONS = {
  auth: 'reason.auth',
  unreachable: 'reason.unreachable',
  protocol: 'reason.protocol',
  not_configured: 'reason.not_configured',
  refused: 'reason.refused',
} as const satisfies Record<McpProblem['reason'], string>;

type AdviceKey = 'advice.authBuiltIn' | 'advice.authHeaders' | 'advice.unreachableLocal' | 'advice.unreachableHttp' | 'advice.protocol' | 'advice.missingKey';

/** What to do about a failure, after main's own words on what happened. */
const ADVICE: Record<McpProblem['reason'], (server: McpServerView, problem: McpProblem) => AdviceKey | null> = {
  // The card is inside Settings, below the API key: the advice points there, not to Settings.
  auth: (server) => (server.builtIn ? 'advice.authBuiltIn' : 'advice.authHeaders'),
  unreachable: (server) => (server.transport.type === 'stdio' ? 'advice.unreachableLocal' : 'advice.unreachableHttp'),
  protocol: () => 'advice.protocol',
  not_configured: (_server, problem) => (problem.code === 'missing_api_key' ? 'advice.missingKey' : null),
  refused: () => null,
};

function Status({ server }: { server: McpServerView }) {
  const { t } = useTranslation('mcp');
  const { status } = server;
  if (status.state === 'connecting') {
    return (
      <p className="server-status connecting" role="status">
        <span className="status-dot" aria-hidden="true" /> {t('card.connecting')}
      </p>
    );
  }
  if (status.state === 'awaitingConsent') {
    return (
      <p className="server-status connecting" role="status">
        <span className="status-dot" aria-hidden="true" /> {problemWords(status.notice)}
      </p>
    );
  }
  if (status.state === 'connected') {
    const count = status.tools.length;
    return (
      <p className="server-status connected" role="status">
        <span className="status-dot" aria-hidden="true" /> {t('card.connected', { count })}
      </p>
    );
  }
  const { problem } = status;
  const advice = ADVICE[problem.reason](server, problem);
  return (
    <div className="server-status failed" role="status">
      <p>
        {/* Main's sentence names the host and says what it answered; the status and code stay out of the words. */}
        <span className="status-dot" aria-hidden="true" /> <strong>{t(REASONS[problem.reason])}</strong>
      </p>
      <p className="server-problem">{problemWords(problem.why)}</p>
      {problem.output && (
        <p className="server-problem" translate="no" dir="auto">
          {problem.output}
        </p>
      )}
      {advice && <p className="hint">{t(advice)}</p>}
    </div>
  );
}

/** Where the server is: an address or a command line, read left to right in every language. */
const where = (server: McpServerView) =>
  server.transport.type === 'http' ? server.transport.url : [server.transport.command, ...server.transport.args].join(' ');

/** One server: where it is, whether it is connected (or why not), its tools, and what can be done with it. */
export function ServerCard({ server }: { server: McpServerView }) {
  const { t } = useTranslation('mcp');
  const headingId = useId();
  const reconnecting = useMcp((s) => s.reconnecting.includes(server.id));
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const tools = toolsOf(server);

  const remove = async () => {
    try {
      await useMcp.getState().remove(server.id);
    } catch (error) {
      setProblem(error);
      setConfirmRemove(false);
    }
  };

  return (
    <article className="server" aria-labelledby={headingId}>
      <header className="server-header">
        {server.builtIn ? (
          <h3 id={headingId}>{t('card.serviceName')}</h3>
        ) : (
          <h3 id={headingId} translate="no" dir="auto">
            {server.name}
          </h3>
        )}
        <span className="badge">{server.builtIn ? t('card.builtIn') : server.transport.type === 'http' ? t('card.http') : t('card.local')}</span>
      </header>
      <p className="server-where mono" title={where(server)} translate="no" dir="ltr">
        {where(server)}
      </p>
      {server.builtIn && <p className="hint">{t('card.builtInHint')}</p>}
      <Status server={server} />
      {tools.length > 0 && (
        <details className="server-tools" open>
          <summary>{t('card.tools')}</summary>
          <dl>
            {tools.map((tool) => (
              <div key={tool.key}>
                <dt className="mono" translate="no" dir="ltr">{toolLabel(tool)}</dt>
                {tool.description ? <dd translate="no" dir="auto">{tool.description}</dd> : <dd>{t('card.noDescription')}</dd>}
              </div>
            ))}
          </dl>
        </details>
      )}
      {problem !== null && (
        <p className="field-error" role="alert">
          {problemText(problem)}
        </p>
      )}
      {editing ? (
        <ServerForm server={server} onDone={() => setEditing(false)} />
      ) : confirmRemove ? (
        <div className="confirm" role="group" aria-label={t('card.confirmRemove', { name: server.name })}>
          <p>{t('card.removeQuestion', { name: server.name })}</p>
          <button type="button" className="danger" onClick={() => void remove()}>
            {t('card.removeYes')}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirmRemove(false)}>
            {t('card.keep')}
          </button>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="secondary small"
            disabled={reconnecting || server.status.state === 'connecting' || server.status.state === 'awaitingConsent'}
            aria-label={t('card.reconnectLabel', { name: server.name })}
            onClick={() => void useMcp.getState().reconnect(server.id)}
          >
            {reconnecting ? t('card.reconnecting') : t('card.reconnect')}
          </button>
          {!server.builtIn && (
            <>
              <button type="button" className="secondary small" aria-label={t('card.editLabel', { name: server.name })} onClick={() => setEditing(true)}>
                {t('card.edit')}
              </button>
              <button type="button" className="danger small" aria-label={t('card.removeLabel', { name: server.name })} onClick={() => setConfirmRemove(true)}>
                {t('card.remove')}
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
