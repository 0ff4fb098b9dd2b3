import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import config from '../../../build/electron-builder.json' with { type: 'json' };

// app-builder-lib ships CommonJS without an exports map for this file; require reaches it as
// electron-builder itself does.
const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('packaged build: Electron fuses (security checklist item 20)', () => {
  it('is a configuration electron-builder itself accepts', async () => {
    await expect(validateConfiguration(config as Configuration, new DebugLogger(false))).resolves.toBeUndefined();
    // Loading electron-builder's schema validator takes seconds on a busy machine.
  }, 60_000);

  it('turns off every way to run the binary as something else, and on the integrity checks', () => {
    expect(config.electronFuses).toEqual({
      // ELECTRON_RUN_AS_NODE would make Confab's signed binary a general Node interpreter.
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      // Only the signed app.asar loads, and its hash is checked (macOS, Windows).
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The app is served from app://, never file://.
      grantFileProtocolExtraPrivileges: false,
      loadBrowserProcessSpecificV8Snapshot: false,
    });
  });

  it('packs the app into an asar archive, which the integrity fuses need', () => {
    expect((config as Configuration).asar).not.toBe(false);
  });
});
