import { Trans, useTranslation } from 'react-i18next';
import { modelName } from '../common/names';
import { FailureNotice } from '../common/FailureNotice';
import { useSettings } from './store';
import { useFormats } from '../i18n';

export function ConnectionSection() {
  const { t } = useTranslation('settings');
  const testing = useSettings((state) => state.testing);
  const connection = useSettings((state) => state.connection);
  const testConnection = useSettings((state) => state.testConnection);
  const formats = useFormats();

  return (
    <section aria-labelledby="connection-heading" className="card">
      <h2 id="connection-heading">{t('connection.heading')}</h2>
      <p className="hint">{t('connection.hint')}</p>
      <button type="button" onClick={() => void testConnection()} disabled={testing}>
        {testing ? t('connection.testing') : t('connection.test')}
      </button>
      <div aria-live="polite">
        {connection?.ok && (
          <div className="notice success" role="status">
            <p className="notice-title">{t('connection.connected')}</p>
            <p>
              <Trans
                t={t}
                i18nKey="connection.answered"
                values={{ model: modelName(connection.model), latency: t('connection.latency', { ms: formats.number(connection.latencyMs) }) }}
                components={{ 1: <span title={t('connection.modelId', { id: connection.model })} /> }}
              />
            </p>
          </div>
        )}
        {connection && !connection.ok && <FailureNotice failure={connection.failure} inSettings />}
      </div>
    </section>
  );
}
