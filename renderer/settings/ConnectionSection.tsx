import { modelName } from '../common/names';
import { FailureNotice } from '../common/FailureNotice';
import { useSettings } from './store';

export function ConnectionSection() {
  const testing = useSettings((state) => state.testing);
  const connection = useSettings((state) => state.connection);
  const testConnection = useSettings((state) => state.testConnection);

  return (
    <section aria-labelledby="connection-heading" className="card">
      <h2 id="connection-heading">Connection</h2>
      <p className="hint">Sends one minimal chat request with the stored key and shows exactly what the service answered.</p>
      <button type="button" onClick={() => void testConnection()} disabled={testing}>
        {testing ? 'Testing…' : 'Test connection'}
      </button>
      <div aria-live="polite">
        {connection?.ok && (
          <div className="notice success" role="status">
            <p className="notice-title">Connected</p>
            <p>
              The service answered with the <span title={`Model id: ${connection.model}`}>{modelName(connection.model)}</span> model in{' '}
              {connection.latencyMs} ms.
            </p>
          </div>
        )}
        {connection && !connection.ok && <FailureNotice failure={connection.failure} inSettings />}
      </div>
    </section>
  );
}
