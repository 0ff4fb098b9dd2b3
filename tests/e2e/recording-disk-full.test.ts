import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import { probedSeconds } from '../support/recording';

// A write that fails in main's writer (the harness runs under `ulimit -f`: a track's file that
// grows past the limit fails with EFBIG, as a full disk does): the recording ends cleanly, the page
// says why, and the file holds everything written until then.

/**
 * 800 blocks of 512 bytes, 400 KB: a track (32 KB a second) reaches it after about 12 s; the app's
 * other files stay under it (a new history.sqlite is ~210 KB with its tables and indexes).
 */
const LIMIT_BLOCKS = 800;

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio), limitFileBlocks: LIMIT_BLOCKS });
});

afterAll(async () => {
  await rig?.close();
  await audio?.close();
});

describe('a recording whose track cannot be written', () => {
  it('ends with the disk message and keeps what was recorded', async () => {
    const { page } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer').waitFor();
    const failure = page.getByTestId('rec-failure');
    await failure.getByText(/^The disk is full, so the recording stopped\. Everything recorded so far is kept\./).waitFor({ timeout: 45_000 });
    // The controls are gone: Start is offered again, and the recording waits with everything kept.
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    await page.getByTestId('rec-waiting').waitFor();
    await screenshot(page, 'recorder-disk-full-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-disk-full-800');
  });

  it('leaves a file ffprobe reads, about as long as the limit allowed', async () => {
    const [id] = await readdir(join(rig.app.dataDir, 'recordings'));
    const seconds = await probedSeconds(join(rig.app.dataDir, 'recordings', id!, 'mic.wav'));
    expect(seconds).toBeGreaterThan(3);
    expect(seconds).toBeLessThanOrEqual((LIMIT_BLOCKS * 512) / 32_000);
  });
});
