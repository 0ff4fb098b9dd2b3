import { baseUrlSchema, defaultMcpUrl, mcpUrlSchema, proxyUrlSchema } from '../../shared/contract/settings';
import { useSettings } from './store';
import { UrlField } from './UrlField';

export function ServiceSection() {
  const settings = useSettings((state) => state.settings);
  const update = useSettings((state) => state.update);
  if (!settings) return null;
  const derivedMcp = defaultMcpUrl(settings.baseUrl);

  return (
    <section aria-labelledby="service-heading" className="card">
      <h2 id="service-heading">Service</h2>
      <p className="hint">
        For the profile <strong>{settings.profileName}</strong>. Each profile has its own addresses, plan, proxy and key.
      </p>
      <UrlField
        label="Base URL"
        hint="The service's versioned address, ending with /v1."
        value={settings.baseUrl}
        placeholder="https://api.example.com/v1"
        schema={baseUrlSchema}
        onSave={(baseUrl) => update({ baseUrl })}
      />
      <UrlField
        label="MCP address"
        hint={
          settings.mcpUrl === null
            ? 'Using the default: the base URL\'s host with the path /mcp.'
            : 'A custom address. Use the default to follow the base URL again.'
        }
        value={settings.mcpUrl ?? derivedMcp ?? ''}
        placeholder="https://api.example.com/mcp"
        schema={mcpUrlSchema}
        onSave={(mcpUrl) => update({ mcpUrl: mcpUrl === derivedMcp ? null : mcpUrl })}
        reset={settings.mcpUrl === null ? undefined : { label: 'Use default', onReset: () => update({ mcpUrl: null }) }}
      />
      <UrlField
        label="Proxy"
        hint={
          settings.proxy === null
            ? 'None: this profile connects directly. Enter an http:// or https:// proxy, for example http://proxy.example.com:3128.'
            : "This profile's requests go through this proxy."
        }
        value={settings.proxy ?? ''}
        placeholder="http://proxy.example.com:3128"
        schema={proxyUrlSchema}
        onSave={(proxy) => update({ proxy })}
        reset={settings.proxy === null ? undefined : { label: 'No proxy', onReset: () => update({ proxy: null }) }}
      />
    </section>
  );
}
