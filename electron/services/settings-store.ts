import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Settings, type SettingsPatch, settingsSchema } from '../../shared/contract/settings';
import { createAtomicWriter, readJsonFile } from './json-file';

const FILE = 'settings.json';

/** Settings as one JSON file in the user-data folder, written atomically. */
export async function createSettingsStore(deps: { dir: string; initialBaseUrl?: string }) {
  const path = join(deps.dir, FILE);
  await mkdir(deps.dir, { recursive: true });

  let current: Settings = {
    baseUrl: deps.initialBaseUrl ?? '',
    mcpUrl: null,
    plan: 'free',
    theme: 'system',
    ...(await readJsonFile(path, settingsSchema.partial())),
  };

  const write = createAtomicWriter(path);

  return {
    get: (): Settings => current,

    async update(patch: SettingsPatch): Promise<Settings> {
      current = { ...current, ...patch };
      await write(JSON.stringify(current, null, 2));
      return current;
    },
  };
}

export type SettingsStore = Awaited<ReturnType<typeof createSettingsStore>>;
