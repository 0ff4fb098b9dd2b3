import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { McpProblem, ServerCard, ServerForm, useMcp } from '../mcp';
import { onConnectionChange } from './store';

/** The MCP servers whose tools chats can offer the model: the service's own, and any the user adds. */
export function McpSection() {
  const { t } = useTranslation('settings');
  const servers = useMcp((s) => s.servers);
  const problem = useMcp((s) => s.problem);
  const [adding, setAdding] = useState(false);
  useEffect(() => useMcp.getState().watch(onConnectionChange), []);

  return (
    <section aria-labelledby="mcp-heading" className="card mcp-section">
      <h2 id="mcp-heading">{t('tools.heading')}</h2>
      <p className="hint">{t('tools.intro')}</p>
      {problem && <McpProblem problem={problem} />}
      {servers === null ? (
        <p className="hint">{t('tools.loading')}</p>
      ) : (
        <div className="server-list" role="list" aria-label={t('tools.list')}>
          {servers.map((server) => (
            <div role="listitem" key={server.id}>
              <ServerCard server={server} />
            </div>
          ))}
        </div>
      )}
      {adding ? (
        <div className="server adding">
          <h3>{t('tools.add')}</h3>
          <ServerForm onDone={() => setAdding(false)} />
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setAdding(true)}>
            {t('tools.add')}
          </button>
        </div>
      )}
    </section>
  );
}
