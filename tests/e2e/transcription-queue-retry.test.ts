import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { closeExpectingNoErrors } from '../support/harness';
import {
  type Harness,
  chooseRecordings,
  dropFiles,
  fileOf,
  lastTranscriptionRequest,
  openProTranscribe,
  openSettings,
  openTranscribe,
  padLongMeeting,
  pickLanguage,
  queueRow,
  resultHeading,
  setPlan,
  speakSpeech,
  transcriptionRequestCount,
  useKey,
} from '../support/transcription';

// The queue's stops and restarts in Chromium: a cancel mid-upload, a file the server failed and one
// a Free key was refused, each kept for Retry, and options that hold the queue until they are fixed.

let h: Harness;
let audio: AudioFixtures;
const files: Record<string, string> = {};

beforeAll(async () => {
  audio = await audioFixtures();
  files.wav = await speakSpeech(audio);
  files.long = await padLongMeeting(audio, files.wav);
  h = await openProTranscribe();
});

afterAll(async () => {
  await closeExpectingNoErrors(h);
  await audio?.close();
});

describe('transcription queue retries in Chromium', () => {
  it('cancels mid-upload at once (the service sees the connection close) and Retry transcribes the file', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    fake.transcription.next({ readBytesPerSecond: 2_000_000 });
    await chooseRecordings(page, files.long!);
    const row = queueRow(page, 'long-meeting.wav').last();
    await row.getByText(/Uploading [1-9]\d*\.\d MB of/).waitFor({ timeout: 15_000 });
    const clicked = Date.now();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await row.getByText('Cancelled. Nothing was transcribed.').waitFor();
    expect(Date.now() - clicked).toBeLessThan(2000);
    expect(await fake.waitForDisconnect()).toMatchObject({ kind: 'upload' });

    await row.getByRole('button', { name: 'Retry' }).click();
    await resultHeading(page, 'long-meeting.wav').waitFor({ timeout: 20_000 });
  });

  it('keeps a failed file in the queue with the server\'s message, and Retry transcribes it', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    fake.transcription.next({ status: 500, errorBody: { error: { message: 'The speech backend is restarting.', type: 'server_error', code: null } } });
    await dropFiles(page, page.getByRole('main'), [fileOf(files.wav!, 'standup.wav')]);
    const row = queueRow(page, 'standup.wav');
    await row.getByText('The service had a problem (500)').waitFor();
    await row.getByText('The speech backend is restarting.').waitFor();
    await screenshot(page, 'transcription-failed');
    await row.getByRole('button', { name: 'Retry' }).click();
    await resultHeading(page, 'standup.wav').waitFor();
  });

  it('shows the service\'s refusal when the key is not a Pro key', async () => {
    const { page, fake } = h;
    await useKey(page, fake.keys.free);
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await chooseRecordings(page, files.wav!);
    const row = queueRow(page, 'speech.wav');
    await row.getByText('The service refused the request (403)').waitFor();
    await row.getByText('Audio transcription requires a Pro plan.').waitFor();
    // The service says nothing of a key's plan: its 403 offers the user's own setting, and only the click changes it.
    await row.getByText('The service refused this as a Pro feature for this profile\'s key.').waitFor();
    await screenshot(page, 'transcription-plan-refused');
    await row.getByRole('button', { name: 'Switch this profile to Free' }).click();
    await row.getByText('This profile is now on the Free plan.').waitFor();
    // Pro-only controls say they need Pro, as for any Free profile.
    await page.getByText('Transcription is a Pro feature').first().waitFor();
    await openSettings(page);
    expect(await page.getByRole('radio', { name: /^Free/ }).isChecked()).toBe(true);

    await setPlan(page, 'Pro');
    await useKey(page, fake.keys.pro);
    await openTranscribe(page);
    await queueRow(page, 'speech.wav').getByRole('button', { name: 'Retry' }).click();
    await resultHeading(page, 'speech.wav').waitFor();
  });

  it('checks the options with the schema\'s messages and holds the queue until they are fixed', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    const prompt = page.getByRole('textbox', { name: 'Prompt' });
    await prompt.fill('x'.repeat(4001));
    await page.getByText('Keep the prompt under 4,000 characters.').waitFor();
    expect(await prompt.getAttribute('aria-invalid')).toBe('true');

    const before = transcriptionRequestCount(h.fake);
    await chooseRecordings(page, files.wav!);
    const row = queueRow(page, 'speech.wav');
    // The queue decides before it shows the row's state: a row that says it waits sent nothing.
    await row.getByText('Waiting: fix the options below to start.').waitFor();
    expect(transcriptionRequestCount(h.fake)).toBe(before);

    await pickLanguage(page, 'germ', 'German');
    await prompt.fill('');
    await resultHeading(page, 'speech.wav').waitFor();
    expect(lastTranscriptionRequest(fake)!.fields).toMatchObject({ model: 'speech-1', language: 'de' });
    await openTranscribe(page);
    await pickLanguage(page, '', 'Detect automatically');
    expect(h.errors).toEqual([]);
  });
});
