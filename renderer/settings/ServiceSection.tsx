import { Trans, useTranslation } from 'react-i18next';
import { baseUrlSchema, defaultMcpUrl, mcpUrlSchema, proxyUrlSchema } from '../../shared/contract/settings';
import { useSettings } from './store';
import { UrlField } from './UrlField';

export function ServiceSection() {
  const { t } = useTranslation('settings');
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  if (!settings) return null;
  const derivedMcp = defaultMcpUrl(settings.baseUrl);

  return (
    <section aria-labelledby="service-heading" className="card">
      <h2 id="service-heading">{t('service.heading')}</h2>
      <p className="hint">
        <Trans t={t} i18nKey="service.forProfile" values={{ name: settings.profileName }} components={{ 1: <strong translate="no" dir="auto" /> }} />
      </p>
      <UrlField
        label={t('service.baseUrl')}
        hint={t('service.baseUrlHint')}
        value={settings.baseUrl}
        placeholder="https://api.example.com/v1"
        schema={baseUrlSchema}
        onSave={(baseUrl) => update({ baseUrl })}
      />
      <UrlField
        label={t('service.mcpUrl')}
        hint={settings.mcpUrl === null ? t('service.mcpDefault') : t('service.mcpCustom')}
        value={settings.mcpUrl ?? derivedMcp ?? ''}
        placeholder="https://api.example.com/mcp"
        schema={mcpUrlSchema}
        onSave={(mcpUrl) => update({ mcpUrl: mcpUrl === derivedMcp ? null : mcpUrl })}
        reset={settings.mcpUrl === null ? undefined : { label: t('service.useDefault'), onReset: () => update({ mcpUrl: null }) }}
      />
      <UrlField
        label={t('service.proxy')}
        hint={settings.proxy === null ? t('service.proxyNone') : t('service.proxySet')}
        value={settings.proxy ?? ''}
        placeholder="http://proxy.example.com:3128"
        schema={proxyUrlSchema}
        onSave={(proxy) => update({ proxy })}
        reset={settings.proxy === null ? undefined : { label: t('service.noProxy'), onReset: () => update({ proxy: null }) }}
      />
    </section>
  );
}
