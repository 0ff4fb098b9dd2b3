import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../../../electron/core/services/settings/settings-store';
import { settingsPatchSchema, speakerNameSchema } from '../../../../shared/contract/settings';
import { problemOfIssue } from '../../../../shared/domain/problem';
import { testFolder } from '../../../support/temp-folder';

// The user's own name labels what a recording's microphone heard: asked once, kept globally.
describe('the speaker name', () => {
  it('is trimmed, and refused empty or over 80 characters with a problem the page words', () => {
    expect(speakerNameSchema.parse('  Ana  ')).toBe('Ana');
    expect(speakerNameSchema.parse(null)).toBeNull();
    expect(problemOfIssue(speakerNameSchema.safeParse('   ').error?.issues[0])).toEqual({ code: 'settings_input.speaker_name_missing', values: {} });
    expect(problemOfIssue(speakerNameSchema.safeParse('x'.repeat(81)).error?.issues[0])).toEqual({
      code: 'settings_input.speaker_name_too_long',
      values: { max: 80 },
    });
  });

  it('is null until set, kept across restarts, and the same for every profile', async () => {
    const dir = await testFolder('confab-speaker-');
    const settings = await createSettingsStore({ dir });
    expect(settings.get().speakerName).toBeNull();
    await settings.update({ speakerName: 'Ana' });
    await settings.create('Work', null);
    const again = await createSettingsStore({ dir });
    expect(again.get().speakerName).toBe('Ana');
    const { profiles } = again.list();
    await again.switchTo(profiles.find((profile) => profile.name === 'Work')!.id);
    expect(again.get().speakerName).toBe('Ana');
  });

  it('is null in a settings file written before it existed', async () => {
    const dir = await testFolder('confab-speaker-');
    await (await createSettingsStore({ dir })).update({ theme: 'dark' });
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    delete file.speakerName;
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(file));
    const settings = await createSettingsStore({ dir });
    expect(settings.get()).toMatchObject({ theme: 'dark', speakerName: null });
  });

  it('is asked once: a Skip is kept by main, across restarts, with no name; a name given counts as asked', async () => {
    const dir = await testFolder('confab-speaker-');
    const settings = await createSettingsStore({ dir });
    expect(settings.get()).toMatchObject({ speakerName: null, speakerNameAsked: false });
    await settings.update({ speakerNameAsked: true });
    expect((await createSettingsStore({ dir })).get()).toMatchObject({ speakerName: null, speakerNameAsked: true });
    // Asked is asked: the page cannot take it back.
    expect(settingsPatchSchema.safeParse({ speakerNameAsked: false }).success).toBe(false);

    const named = await createSettingsStore({ dir: await testFolder('confab-speaker-') });
    await named.update({ speakerName: 'Ana' });
    expect(named.get().speakerNameAsked).toBe(true);
  });

  it('counts as asked in a settings file written with a name before Skip was kept', async () => {
    const dir = await testFolder('confab-speaker-');
    await (await createSettingsStore({ dir })).update({ speakerName: 'Ana' });
    const file = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    delete file.speakerNameAsked;
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(file));
    expect((await createSettingsStore({ dir })).get()).toMatchObject({ speakerName: 'Ana', speakerNameAsked: true });
  });
});
