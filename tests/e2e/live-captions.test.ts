import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MultipartLogBody } from '../fake-service/script';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { type RecorderRig, openRecorder, openRecorderRig, shownElapsed, skipNamePrompt, speechForCapture } from '../support/recorder';
import { setPlan, useKey } from '../support/transcription';

// Live captions in the harness, with Chromium's fake microphone speaking: the captions the fake
// service returns show while recording, marked provisional, and none is sent when switched off.

let audio: AudioFixtures;
let rig: RecorderRig;

beforeAll(async () => {
  audio = await audioFixtures();
  rig = await openRecorderRig({ wav: await speechForCapture(audio) });
  await useKey(rig.page, rig.fake.keys.pro);
  await setPlan(rig.page, 'Pro');
});

afterAll(async () => {
  const errors = rig?.errors ?? [];
  await rig?.close();
  await audio?.close();
  expect(errors, 'no console error or uncaught exception').toEqual([]);
});

/** The caption clips the fake service received (the recording's own transcript is named otherwise). */
const captionRequests = () =>
  rig.fake.requests.filter((request) => request.path === '/v1/audio/transcriptions' && /^\d{6}-mic\.webm$/.test((request.body as MultipartLogBody).file?.filename ?? ''));

const liveTranscript = () => rig.page.getByRole('region', { name: 'Live transcript' });
const captionsSwitch = () => rig.page.getByRole('checkbox', { name: 'Live captions while recording' });

describe('live captions', () => {
  it('are on by default, saying they send the audio a second time', async () => {
    const { page } = rig;
    await openRecorder(page);
    await skipNamePrompt(page);
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await captionsSwitch().isChecked()).toBe(true);
    await page.getByText('Captions send the audio to the service a second time, beside the final transcript.').waitFor();
  });

  it('show what the service returned for each stretch of speech while recording, marked provisional', async () => {
    const { page, fake } = rig;
    for (let n = 0; n < 20; n++) fake.transcription.next({ text: `Welcome to the weekly meeting, caption ${n + 1}.` });
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2, exact: true }).waitFor();
    await liveTranscript().getByText('Captions appear here a few seconds after someone speaks.').waitFor();
    // The first stretch ends at the fake microphone's pause, about 9 s in.
    const log = liveTranscript().getByRole('log');
    await log.getByText('Welcome to the weekly meeting, caption 1.').waitFor({ timeout: 30_000 });
    expect(captionRequests().length).toBeGreaterThanOrEqual(1);
    const first = log.getByRole('listitem').first();
    expect(await first.getAttribute('data-final')).toBe('false');
    expect(await first.innerText()).toContain('(provisional)');
    expect(await first.locator('.rec-words').evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    await liveTranscript().getByText(/^Captions in italics are provisional/).waitFor();
    await log.getByText('Welcome to the weekly meeting, caption 2.').waitFor({ timeout: 30_000 });
    // Sent as Opus in WebM, an eighth of the WAV's bytes.
    expect(captionRequests().every((request) => (request.body as MultipartLogBody).file!.mimeType === 'audio/webm')).toBe(true);
    // A page that reloads mid-recording gets the captions whole once, then each new one as it comes: it shows what it showed, and more.
    const words = () => log.locator('.rec-words').allInnerTexts();
    const before = await words();
    await page.reload();
    await openRecorder(page);
    await log.getByText('Welcome to the weekly meeting, caption 3.').waitFor({ timeout: 30_000 });
    expect((await words()).slice(0, before.length)).toEqual(before);
    await screenshot(page, 'recorder-captions-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    // The live transcript sits under the controls: scrolled to, as a user at 800×600 would.
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'recorder-captions-800');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('send nothing when switched off', async () => {
    const { page } = rig;
    await openRecorder(page);
    await captionsSwitch().uncheck();
    await expect.poll(() => captionsSwitch().isChecked()).toBe(false);
    const before = captionRequests().length;
    await page.getByRole('button', { name: 'Start recording' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2, exact: true }).waitFor();
    // Past the first pause (about 9 s in) and the time a caption took above: none was asked for.
    await expect.poll(() => shownElapsed(page), { timeout: 40_000 }).toBeGreaterThanOrEqual(16);
    expect(await captionsSwitch().isChecked()).toBe(false);
    expect(await liveTranscript().getByRole('log').count()).toBe(0);
    expect(captionRequests().length).toBe(before);
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('heading', { name: 'Recording', level: 2, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
  });
});
