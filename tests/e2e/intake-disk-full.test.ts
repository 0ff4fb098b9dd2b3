import { copyFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { closeExpectingNoErrors } from '../support/harness';
import { type Harness, chooseRecordings, openProTranscribe, openTranscribe, queueRow, resultHeading, speakSpeech } from '../support/transcription';

// A file added while the disk is full (the harness under a file size limit of 0 bytes: every
// write fails with EFBIG, as with ENOSPC on a full disk): the row names the cause and keeps the
// file for Retry, which adds it once the disk has room; after a reload the row asks for the file.

let h: Harness;
let audio: AudioFixtures;
let wav: string;

beforeAll(async () => {
  audio = await audioFixtures();
  wav = await speakSpeech(audio);
  h = await openProTranscribe({ limitFileBlocks: 'unlimited' });
});

afterAll(async () => {
  // Whatever failed, the harness can write again before it is closed.
  await h?.app.limitFiles(null);
  await closeExpectingNoErrors(h);
  await audio?.close();
});

const FULL = /^speech\.wav could not be added: the disk that holds Confab's staging folder \(.+\) is full\. Free some space on it, then try again\.$/;

describe('a file added on a full disk', () => {
  it('names the full disk in its row, keeps the file, and Retry adds it once there is room', async () => {
    const { page, app } = h;
    await openTranscribe(page);
    await app.limitFiles(0);
    await chooseRecordings(page, wav);
    const row = queueRow(page, 'speech.wav');
    await row.getByRole('alert').getByText(FULL).waitFor();
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await screenshot(page, 'intake-disk-full');

    // Still full: Retry meets it again and says so again.
    await row.getByRole('button', { name: 'Retry' }).click();
    await row.getByRole('alert').getByText(FULL).waitFor();

    await app.limitFiles(null);
    await row.getByRole('button', { name: 'Retry' }).click();
    await resultHeading(page, 'speech.wav').waitFor({ timeout: 20_000 });
  });

  it('asks for the file again after a reload, naming it, and adds the one chosen', async () => {
    const { page, app } = h;
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await app.limitFiles(0);
    await chooseRecordings(page, wav);
    await queueRow(page, 'speech.wav').getByRole('alert').getByText(FULL).waitFor();

    await page.reload();
    await openTranscribe(page);
    const row = queueRow(page, 'speech.wav');
    await row.getByText(FULL).waitFor();
    await row.getByText('The page was reloaded, so Confab no longer has speech.wav: choose it again to add it.').waitFor();
    await screenshot(page, 'intake-disk-full-reloaded');
    await page.setViewportSize({ width: 800, height: 600 });
    await screenshot(page, 'intake-disk-full-reloaded-800');
    await page.setViewportSize({ width: 1100, height: 860 });

    await app.limitFiles(null);
    await row.getByLabel('Choose speech.wav again').setInputFiles(wav);
    await resultHeading(page, 'speech.wav').waitFor({ timeout: 20_000 });
  });

  it('keeps each window\'s rows for that window: a second window neither shows nor overwrites them, and the next window takes over a closed one\'s', async () => {
    const { page, app } = h;
    // Names of their own, so the rows the tests before left are not mistaken for these.
    const [minutes, notes] = [join(dirname(wav), 'minutes.wav'), join(dirname(wav), 'notes.wav')];
    await copyFile(wav, minutes);
    await copyFile(wav, notes);
    await openTranscribe(page);
    await app.limitFiles(0);
    await chooseRecordings(page, minutes);
    await queueRow(page, 'minutes.wav').getByRole('alert').getByText(/^minutes\.wav could not be added: the disk/).waitFor();

    const other = await page.context().newPage();
    try {
      await other.goto(app.url);
      await openTranscribe(other);
      await chooseRecordings(other, notes);
      await queueRow(other, 'notes.wav').getByRole('alert').getByText(/^notes\.wav could not be added: the disk/).waitFor();
      // The first window's row is its own: the second shows no copy of it.
      expect(await queueRow(other, 'minutes.wav').count()).toBe(0);

      await page.reload();
      await openTranscribe(page);
      await queueRow(page, 'minutes.wav').getByText('The page was reloaded, so Confab no longer has minutes.wav: choose it again to add it.').waitFor();
      expect(await queueRow(page, 'notes.wav').count()).toBe(0);
      await other.reload();
      await openTranscribe(other);
      await queueRow(other, 'notes.wav').getByText('The page was reloaded, so Confab no longer has notes.wav: choose it again to add it.').waitFor();
      expect(await queueRow(other, 'minutes.wav').count()).toBe(0);

      // A window closed with rows kept: the next window to start takes them over, still asking for the file.
      await other.close();
      const next = await page.context().newPage();
      try {
        await next.goto(app.url);
        await openTranscribe(next);
        await queueRow(next, 'notes.wav').getByText('The page was reloaded, so Confab no longer has notes.wav: choose it again to add it.').waitFor();
        expect(await queueRow(next, 'minutes.wav').count()).toBe(0);
      } finally {
        await next.close();
      }
    } finally {
      await other.close();
      await app.limitFiles(null);
    }
  });
});
