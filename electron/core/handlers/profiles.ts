import type { Handlers } from '../router';
import type { Contract } from '../../../shared/contract';
import type { KeyStore } from '../services/keys/key-store';
import type { SettingsStore } from '../services/settings/settings-store';

export function profilesHandlers(deps: { settings: SettingsStore; keys: KeyStore }): Handlers<Contract>['profiles'] {
  return {
    list: async () => deps.settings.list(),
    create: ({ name, copyFrom }) => deps.settings.create(name, copyFrom),
    rename: ({ id, name }) => deps.settings.rename(id, name),
    async delete({ id }) {
      const list = await deps.settings.remove(id);
      // After the profile is gone, so a failure here leaves an orphan entry, never a profile without its key.
      await deps.keys.remove(id);
      return list;
    },
    switch: ({ id }) => deps.settings.switchTo(id),
    setFree: ({ id }) => deps.settings.setFree(id),
  };
}
