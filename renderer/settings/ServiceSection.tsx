import { baseUrlSchema, defaultMcpUrl, mcpUrlSchema } from '../../shared/contract/settings';
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
    </section>
  );
}
