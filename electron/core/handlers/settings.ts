import type { Handlers } from '../router';
import type { Contract } from '../../../shared/contract';
import type { ServiceClient } from '../services/net/service-client';
import type { SettingsStore } from '../services/settings/settings-store';

export function settingsHandlers(deps: { settings: SettingsStore; service: ServiceClient }): Handlers<Contract>['settings'] {
  return {
    get: async () => deps.settings.get(),
    watch: async (_input, ctx) => deps.settings.watch(ctx.emit, ctx.signal),
    update: (patch) => deps.settings.update(patch),
    testConnection: () => deps.service.testConnection(),
    subtitleRules: async () => deps.settings.subtitleRules(),
    setSubtitleRules: ({ rules }) => deps.settings.setSubtitleRules(rules),
    transcriptionDefaults: async () => deps.settings.transcriptionDefaults(),
    setTranscriptionDefaults: ({ request }) => deps.settings.setTranscriptionDefaults(request),
  };
}
