import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../../shared/contract/settings';
import { testFolder } from '../../../support/temp-folder';

/** The next writes of settings.json's temporary file fail with these errno codes, as the disk answers them. */
const disk = vi.hoisted(() => ({ refusals: [] as string[] }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (...args) => {
    const code = String(args[0]).includes('settings.json') ? disk.refusals.shift() : undefined;
    if (code) throw Object.assign(new Error(`${code}: the disk refused the write, write`), { code });
    return fs.writeFile(...args);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

const { createSettingsStore } = await import('../../../../electron/core/services/settings/settings-store');

// settings.json on a disk that refuses it: the change applies and is held, the page is told why
// it is not saved, and main writes it by itself once the disk takes it.
describe('settings the disk refuses', () => {
  it.each([
    ['ENOSPC', 'full'],
    ['EROFS', 'readOnly'],
    ['EIO', 'io'],
  ] as const)('on %s: applied, held with the cause, and written once the disk takes it', async (code, cause) => {
    const dir = await testFolder('confab-settings-disk-');
    const settings = await createSettingsStore({ dir, retryMs: 20 });
    const heard: Settings[] = [];
    const watching = new AbortController();
    void settings.watch((next) => heard.push(next), watching.signal);
    const file = join(dir, 'settings.json');

    // Refused twice: the answer, then the first retry.
    disk.refusals.push(code, code);
    expect(await settings.update({ speakerNameAsked: true, theme: 'dark' })).toMatchObject({ speakerNameAsked: true, theme: 'dark', unsaved: { cause, file } });
    expect(settings.get()).toMatchObject({ theme: 'dark', unsaved: { cause, file } });
    expect(heard.at(-1)).toMatchObject({ unsaved: { cause, file } });

    await expect.poll(() => heard.at(-1)?.unsaved).toBeNull();
    expect(settings.get().unsaved).toBeNull();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ speakerNameAsked: true, theme: 'dark' });
    expect(disk.refusals).toEqual([]);
    watching.abort();
  });

  it('still throws what is not the disk', async () => {
    const settings = await createSettingsStore({ dir: await testFolder('confab-settings-disk-') });
    disk.refusals.push('EINVAL');
    await expect(settings.update({ theme: 'light' })).rejects.toMatchObject({ code: 'EINVAL' });
  });
});
