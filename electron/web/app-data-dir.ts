import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder Electron's app.getPath('userData') uses for Confab, so both runs share data. */
export function defaultAppDataDir(platform = process.platform, env = process.env): string {
  const name = 'Confab';
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), name);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', name);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), name);
}
