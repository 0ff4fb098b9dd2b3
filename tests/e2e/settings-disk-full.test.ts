import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';

// Settings that cannot be written (the harness under a file size limit of 0 bytes: every write
// fails with EFBIG, as with ENOSPC on a full disk): the name prompt still goes on to Start, the
// choice applies, a notice says it is not saved and why, and main writes it once the disk has room.

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio), limitFileBlocks: 'unlimited' });
});

afterAll(async () => {
  await rig?.app.limitFiles(null);
  await rig?.close();
  await audio?.close();
});

const savedSettings = async () => JSON.parse(await readFile(join(rig.app.dataDir, 'settings.json'), 'utf8')) as { speakerName: string | null };

describe('settings on a full disk', () => {
  it('goes on from the name prompt, says the name is not saved and why, and saves it once the disk has room', async () => {
    const { page, app } = rig;
    await openRecorder(page);
    await app.limitFiles(0);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Ana Souza');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    const notice = page.getByRole('alert').filter({ hasText: 'Your settings are in use but not saved' });
    await notice.getByText(/^The disk that holds .+settings\.json is full\./).waitFor();
    await screenshot(page, 'settings-disk-full');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'settings-disk-full-800');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await savedSettings().catch(() => null))?.speakerName ?? null).toBeNull();

    await app.limitFiles(null);
    await notice.waitFor({ state: 'detached' });
    expect((await savedSettings()).speakerName).toBe('Ana Souza');
  });

  it('goes on from Skip too, on a harness whose disk is full from the first question', async () => {
    const skipping = await openRecorderRig({ wav: await speechForCapture(audio), limitFileBlocks: 'unlimited' });
    try {
      await openRecorder(skipping.page);
      await skipping.app.limitFiles(0);
      await skipNamePrompt(skipping.page);
      await skipping.page.getByRole('button', { name: 'Start recording' }).waitFor();
      await skipping.page.getByRole('alert').filter({ hasText: 'Your settings are in use but not saved' }).waitFor();
    } finally {
      await skipping.app.limitFiles(null);
      await skipping.close();
    }
  });
});
