import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../../electron/core/services/settings/settings-store';
import { settingsPatchSchema } from '../../../../shared/contract/settings';
import { problemOfIssue } from '../../../../shared/domain/problem';
import { testFolder } from '../../../support/temp-folder';

// How many parts of a long recording go at once: the user's to choose in Settings, main's to keep and check.
describe('parts in flight', () => {
  it('are 3 until changed, then kept across restarts and the same for every profile, read by the jobs as they are', async () => {
    const dir = await testFolder('confab-parts-');
    const settings = await createSettingsStore({ dir });
    expect(settings.get().partsInFlight).toBe(3);
    expect(settings.partsInFlight()).toBe(3);
    expect((await settings.update({ partsInFlight: 1 })).partsInFlight).toBe(1);
    expect(settings.partsInFlight()).toBe(1);
    await settings.create('Work', null);
    const again = await createSettingsStore({ dir });
    await again.switchTo(again.list().profiles.find((profile) => profile.name === 'Work')!.id);
    expect(again.get().partsInFlight).toBe(1);
    expect(again.partsInFlight()).toBe(1);
  });

  it.each([0, 9, 2.5, -1])('refuses %j with a problem the page words, naming the range', (count) => {
    const parsed = settingsPatchSchema.safeParse({ partsInFlight: count });
    expect(parsed.success).toBe(false);
    expect(problemOfIssue(parsed.error?.issues[0])).toEqual({ code: 'settings_input.parts_in_flight_range', values: { min: 1, max: 8 } });
  });

  it('accepts every count from 1 to 8', () => {
    for (let count = 1; count <= 8; count++) expect(settingsPatchSchema.parse({ partsInFlight: count })).toEqual({ partsInFlight: count });
  });

  it('gives way to the default when settings.json has a count out of range (a hand edit)', async () => {
    const dir = await testFolder('confab-parts-');
    await (await createSettingsStore({ dir })).update({ partsInFlight: 5 });
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    expect(file.partsInFlight).toBe(5);
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...file, partsInFlight: 40 }));
    expect((await createSettingsStore({ dir })).get().partsInFlight).toBe(3);
  });
});
