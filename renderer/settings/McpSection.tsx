import { useEffect, useState } from 'react';
import { ServerCard, ServerForm, useMcp } from '../mcp';
import { onConnectionChange } from './store';

/** The MCP servers whose tools chats can offer the model: the service's own, and any the user adds. */
export function McpSection() {
  const servers = useMcp((s) => s.servers);
  const problem = useMcp((s) => s.problem);
  const [adding, setAdding] = useState(false);
  useEffect(() => useMcp.getState().watch(onConnectionChange), []);

  return (
    <section aria-labelledby="mcp-heading" className="card mcp-section">
      <h2 id="mcp-heading">Tools (MCP)</h2>
      <p className="hint">
        Servers whose tools a chat can offer the model (Pro). You choose the tools per chat in its options; each
        call asks first unless a rule under Tool permissions allows or blocks it.
      </p>
      {problem && (
        <p className="warning" role="alert">
          {problem}
        </p>
      )}
      {servers === null ? (
        <p className="hint">Loading the servers…</p>
      ) : (
        <div className="server-list" role="list" aria-label="MCP servers">
          {servers.map((server) => (
            <div role="listitem" key={server.id}>
              <ServerCard server={server} />
            </div>
          ))}
        </div>
      )}
      {adding ? (
        <div className="server adding">
          <h3>Add a server</h3>
          <ServerForm onDone={() => setAdding(false)} />
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            Add a server
          </button>
        </div>
      )}
    </section>
  );
}
