import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, skipNamePrompt, shownElapsed, speechForCapture } from '../support/recorder';
import { probedSeconds } from '../support/recording';

// The harness killed with SIGKILL mid-recording (a crash, a force quit): main wrote and flushed
// every chunk as it came, so the next start finds the recording, repairs it into a file ffprobe
// reads, and offers it with at most the last 2 s missing.

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio) });
});

afterAll(async () => {
  await rig?.close();
  await audio?.close();
});

const recordingFolders = () => readdir(join(rig.app.dataDir, 'recordings')).catch(() => [] as string[]);

describe('a recording cut short by kill -9', () => {
  let shown = 0;

  it('records until the elapsed time shows 8 s, and the harness is killed', async () => {
    const { page } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect.poll(() => shownElapsed(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(8);
    shown = await shownElapsed(page);
    await rig.restart({ kill: true });
  });

  it('is announced on the first screen the restarted window opens (chat), with Transcribe and Keep in reach', async () => {
    const { page } = rig;
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    const notice = page.getByRole('region', { name: 'Recovered after Confab closed unexpectedly' });
    await notice.getByText(/^This recording was cut off when Confab last closed; \d+ s were saved\./).waitFor();
    for (const name of ['Transcribe', 'Keep', 'Open Record']) await notice.getByRole('button', { name, exact: true }).waitFor();
    await page.setViewportSize({ width: 800, height: 600 });
    const box = (await notice.boundingBox())!;
    expect(box.y + box.height, 'the whole notice in view at 800x600').toBeLessThanOrEqual(600);
    await screenshot(page, 'chat-recovered-recording-800');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is offered at the next start: Transcribe, Keep or Discard', async () => {
    const { page } = rig;
    await openRecorder(page);
    // The name was skipped before the kill, on another origin (the harness's new port): main kept
    // that it was asked, so the recorder offers its sources, not the prompt again.
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    const item = page.getByTestId('rec-waiting');
    // Main's words for how it was found, with the seconds it saved.
    await item.getByText(/^This recording was cut off when Confab last closed; \d+ s were saved\./).waitFor();
    for (const name of ['Transcribe', 'Keep', 'Discard']) await item.getByRole('button', { name, exact: true }).waitFor();
    // Said once: the Record screen lists it with what else waits, and the notice stands down.
    expect(await page.getByRole('region', { name: 'Recovered after Confab closed unexpectedly' }).count()).toBe(0);
    await screenshot(page, 'recorder-recovered-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'recorder-recovered-800');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('repaired the microphone track into a file ffprobe reads, at most 2 s short of what was shown', async () => {
    const [id] = await recordingFolders();
    const seconds = await probedSeconds(join(rig.app.dataDir, 'recordings', id!, 'mic.wav'));
    expect(seconds).toBeGreaterThanOrEqual(shown - 2);
    // Nothing after the kill: no more than what was shown, and the second the page had not yet sent.
    expect(seconds).toBeLessThan(shown + 2);
  });

  it('asks before Discard, then deletes the recording', async () => {
    const { page } = rig;
    const item = page.getByTestId('rec-waiting');
    await item.getByRole('button', { name: 'Discard', exact: true }).click();
    await item.getByText('Discard this recording? Its audio is deleted and cannot be brought back.').waitFor();
    await item.getByRole('button', { name: 'Cancel' }).click();
    await item.getByRole('button', { name: 'Discard', exact: true }).click();
    await item.getByRole('button', { name: 'Discard recording' }).click();
    await item.waitFor({ state: 'detached' });
    await expect.poll(recordingFolders).toEqual([]);
  });
});
