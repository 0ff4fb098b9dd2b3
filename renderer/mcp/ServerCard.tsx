import { useState } from 'react';
import type { McpProblem, McpServerView } from '../../shared/contract/mcp';
import { ServerForm } from './ServerForm';
import { counted } from '../../shared/domain/plural';
import { toolLabel, toolsOf, useMcp } from './store';
import { problemText, problemWords } from '../common/problem-text';

const REASONS: Record<McpProblem['reason'], string> = {
  auth: 'Credentials refused',
  unreachable: 'Unreachable',
  protocol: 'Not an MCP server',
  not_configured: 'Not set up',
  refused: 'Not allowed to run',
};

/** What to do about a failure, after main's own words on what happened. */
const ADVICE: Record<McpProblem['reason'], (server: McpServerView, problem: McpProblem) => string> = {
  // The card is inside Settings, below the API key: the advice points there, not to Settings.
  auth: (server) => (server.builtIn ? 'Check the API key above, then reconnect.' : 'Check the headers this server needs, then reconnect.'),
  unreachable: (server) =>
    server.transport.type === 'stdio' ? 'Check the command and its arguments.' : 'Check the address and that the server is running.',
  protocol: () => 'Check that the address is the server\'s MCP endpoint.',
  not_configured: (_server, problem) => (problem.code === 'missing_api_key' ? 'Add the key under API key, above; the server connects once it is saved.' : ''),
  refused: () => '',
};

function Status({ server }: { server: McpServerView }) {
  const { status } = server;
  if (status.state === 'connecting') {
    return (
      <p className="server-status connecting" role="status">
        <span className="status-dot" aria-hidden="true" /> Connecting…
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
        <span className="status-dot" aria-hidden="true" /> Connected · {counted(count, { one: 'tool', other: 'tools' })}
      </p>
    );
  }
  const { problem } = status;
  const advice = ADVICE[problem.reason](server, problem);
  return (
    <div className="server-status failed" role="status">
      <p>
        {/* Main's sentence names the host and says what it answered; the status and code stay out of the words. */}
        <span className="status-dot" aria-hidden="true" /> <strong>{REASONS[problem.reason]}</strong>
      </p>
      <p className="server-problem">{problemWords(problem.why)}</p>
      {problem.output && (
        <p className="server-problem" translate="no" dir="auto">
          {problem.output}
        </p>
      )}
      {advice && <p className="hint">{advice}</p>}
    </div>
  );
}

const where = (server: McpServerView) =>
  server.transport.type === 'http' ? server.transport.url : [server.transport.command, ...server.transport.args].join(' ');

/** One server: where it is, whether it is connected (or why not), its tools, and what can be done with it. */
export function ServerCard({ server }: { server: McpServerView }) {
  const reconnecting = useMcp((s) => s.reconnecting.includes(server.id));
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tools = toolsOf(server);

  const remove = async () => {
    try {
      await useMcp.getState().remove(server.id);
    } catch (error) {
      setProblem(problemText(error));
      setConfirmRemove(false);
    }
  };

  return (
    <article className="server" aria-label={server.name}>
      <header className="server-header">
        <h3>{server.name}</h3>
        {server.builtIn ? <span className="badge">Built in</span> : <span className="badge">{server.transport.type === 'http' ? 'HTTP' : 'Local command'}</span>}
      </header>
      <p className="server-where mono" title={where(server)}>
        {where(server)}
      </p>
      {server.builtIn && <p className="hint">The service's own tools, at the MCP address above, with your API key.</p>}
      <Status server={server} />
      {tools.length > 0 && (
        <details className="server-tools" open>
          <summary>Tools</summary>
          <dl>
            {tools.map((tool) => (
              <div key={tool.key}>
                <dt className="mono">{toolLabel(tool)}</dt>
                <dd>{tool.description || 'No description.'}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {editing ? (
        <ServerForm server={server} onDone={() => setEditing(false)} />
      ) : confirmRemove ? (
        <div className="confirm" role="group" aria-label={`Confirm removing ${server.name}`}>
          <p>Remove {server.name} and its stored secrets? Chats that use its tools will no longer offer them.</p>
          <button type="button" className="danger" onClick={() => void remove()}>
            Yes, remove it
          </button>
          <button type="button" className="secondary" onClick={() => setConfirmRemove(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="secondary small"
            disabled={reconnecting || server.status.state === 'connecting' || server.status.state === 'awaitingConsent'}
            aria-label={`Reconnect ${server.name}`}
            onClick={() => void useMcp.getState().reconnect(server.id)}
          >
            {reconnecting ? 'Reconnecting…' : 'Reconnect'}
          </button>
          {!server.builtIn && (
            <>
              <button type="button" className="secondary small" aria-label={`Edit ${server.name}`} onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className="danger small" aria-label={`Remove ${server.name}`} onClick={() => setConfirmRemove(true)}>
                Remove
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
