import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Electron executable, found the way the electron package finds it but without
 * requiring it: `require('electron')` downloads the binary when it is missing.
 */
function electronBinary(): string | null {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) return null;
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron';
  const binary = path.join(override ?? path.join(packageDir, 'dist'), executable);
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();

describe('Electron app (smoke)', () => {
  it('opens the Confab window with the bridge and without Node', async (ctx) => {
    ctx.skip(binary === null, 'No Electron binary in node_modules/electron (it could not be downloaded here).');

    const renderer = path.join(root, 'dist/renderer/index.html');
    expect(existsSync(renderer), 'dist/renderer is missing: run `npm run build:renderer` first').toBe(true);
    execFileSync(process.execPath, [path.join(root, 'build/bundle-electron.mjs')], { cwd: root, stdio: 'ignore' });

    const dataDir = mkdtempSync(path.join(tmpdir(), 'confab-e2e-'));
    const app = await _electron.launch({
      executablePath: binary!,
      // Chromium refuses to start its sandbox as root (containers, CI); elsewhere it stays on.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), root],
      cwd: root,
      env: { ...process.env, APP_DATA_DIR: dataDir } as Record<string, string>,
      timeout: 30_000,
    });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState('domcontentloaded');

      expect(page.url()).toBe('app://confab/index.html');
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle())).toBe('Confab');
      expect(await page.evaluate(() => typeof (window as unknown as { confab?: unknown }).confab)).toBe('object');
      expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
      expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
