import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../../electron/core/services/settings/settings-store';
import { testFolder } from '../../../support/temp-folder';

// Chat's default context budget: global, main's to keep; a file without one (or with one outside today's limits) sends everything.
describe('the default context budget', () => {
  it('is everything until changed, then kept across restarts and the same for every profile', async () => {
    const dir = await testFolder('confab-budget-default-');
    const settings = await createSettingsStore({ dir });
    expect(settings.get().contextBudget).toEqual({ kind: 'all' });
    await settings.update({ contextBudget: { kind: 'tokens', tokens: 8000 } });
    await settings.create('Work', null);
    const again = await createSettingsStore({ dir });
    await again.switchTo(again.list().profiles.find((profile) => profile.name === 'Work')!.id);
    expect(again.get().contextBudget).toEqual({ kind: 'tokens', tokens: 8000 });
  });

  it('gives way to everything when settings.json has a budget outside the limits (a hand edit)', async () => {
    const dir = await testFolder('confab-budget-default-');
    await (await createSettingsStore({ dir })).update({ contextBudget: { kind: 'last', messages: 10 } });
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...file, contextBudget: { kind: 'last', messages: 0 } }));
    const again = await createSettingsStore({ dir });
    expect(again.get().contextBudget).toEqual({ kind: 'all' });
    expect(again.get().partsInFlight).toBe(3);
  });
});
