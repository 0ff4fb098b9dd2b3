import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Settings, type SettingsPatch, settingsSchema } from '../../shared/contract/settings';
import { createAtomicWriter, readJsonFile } from './json-file';

const FILE = 'settings.json';

/** Settings as one JSON file in the user-data folder, written atomically. */
export async function createSettingsStore(deps: { dir: string; initialBaseUrl?: string }) {
  const path = join(deps.dir, FILE);
  await mkdir(deps.dir, { recursive: true });

  const stored = await readJsonFile(path, settingsSchema.partial());
  let current: Settings = { baseUrl: deps.initialBaseUrl ?? '', mcpUrl: null, plan: 'free', theme: 'system', ...stored };

  const write = createAtomicWriter(path);
  // A pre-filled base URL (APP_BASE_URL on first run) is kept, so the next start has it too.
  if (!stored && deps.initialBaseUrl) await write(JSON.stringify(current, null, 2));

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
