import { afterAll, beforeAll, describe, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import { setPlan, useKey } from '../support/transcription';

// The service gone mid-recording (the fake service stopped: every connection refused): the
// recording goes on, its parts and live captions wait on this computer, and the recorder says so.

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  // Parts of a few seconds, so one is sent (and refused) well within the test.
  rig = await openRecorderRig({ wav: await speechForCapture(audio), livePartSeconds: 4 });
  await useKey(rig.page, rig.fake.keys.pro);
  await setPlan(rig.page, 'Pro');
});

afterAll(async () => {
  await rig?.close();
  await audio?.close();
});

describe('the service gone mid-recording', () => {
  it('says that the parts and live captions wait to be sent, while the recording goes on', async () => {
    const { page, fake } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('timer').waitFor();
    await fake.close();
    await page
      .getByRole('status')
      .getByText("Confab cannot reach the service: the recording's parts and live captions wait on this computer and are sent when it is back. The recording goes on.")
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await screenshot(page, 'recorder-service-gone');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-service-gone-800');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Stop' }).click();
    // Stop waits for the live feeds' end (at most 5 s each, live-feed.ts) and the last part's encoding: over 10 s once on a loaded machine.
    await page.getByRole('button', { name: 'Start recording' }).waitFor({ timeout: 30_000 });
  });
});
