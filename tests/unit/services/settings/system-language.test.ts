import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../../electron/core/services/settings/settings-store';

// The language picker names the system's language beside the choice, so main reports both: the
// language the UI is in, and the one "system" would give, whatever the user chose.
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'confab-language-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the system's language", () => {
  it('is the first of the system languages Confab speaks, beside the language chosen', async () => {
    const settings = await createSettingsStore({ dir, systemLanguages: () => ['sw-KE', 'de-AT', 'fr'] });
    expect(settings.get()).toMatchObject({ language: 'system', uiLanguage: 'de', systemLanguage: 'de' });
    await settings.update({ language: 'ja' });
    expect(settings.get()).toMatchObject({ language: 'ja', uiLanguage: 'ja', systemLanguage: 'de' });
  });

  it('is English when the system speaks none of Confab\'s languages', async () => {
    const settings = await createSettingsStore({ dir, systemLanguages: () => ['sw'] });
    expect(settings.get()).toMatchObject({ uiLanguage: 'en', systemLanguage: 'en' });
  });
});
