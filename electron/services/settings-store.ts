import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Settings, type SettingsPatch, settingsSchema } from '../../shared/contract/settings';

const FILE = 'settings.json';

/**
 * Settings as one JSON file in the user-data folder. Writes go to a temporary file that
 * is renamed over the old one, so a crash mid-write never leaves half a file.
 */
export async function createSettingsStore(deps: { dir: string; initialBaseUrl?: string }) {
  const path = join(deps.dir, FILE);
  await mkdir(deps.dir, { recursive: true });

  let current: Settings = {
    baseUrl: deps.initialBaseUrl ?? '',
    mcpUrl: null,
    plan: 'free',
    theme: 'system',
  };
  try {
    const stored = settingsSchema.partial().safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (stored.success) current = { ...current, ...stored.data };
    else console.warn(`Ignoring unreadable ${path}: ${stored.error.message}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`Ignoring unreadable ${path}:`, error);
  }

  let writing = Promise.resolve();

  return {
    get: (): Settings => current,

    async update(patch: SettingsPatch): Promise<Settings> {
      current = { ...current, ...patch };
      const snapshot = JSON.stringify(current, null, 2);
      // A failed write must not block the next one, hence the catch before chaining.
      writing = writing.catch(() => undefined).then(async () => {
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, snapshot, 'utf8');
        await rename(temporary, path);
      });
      await writing;
      return current;
    },
  };
}

export type SettingsStore = Awaited<ReturnType<typeof createSettingsStore>>;
