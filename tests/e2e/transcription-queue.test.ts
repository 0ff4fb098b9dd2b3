import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import { closeExpectingNoErrors } from '../support/harness';
import {
  type Harness,
  chooseRecordings,
  dropFiles,
  fileOf,
  openProTranscribe,
  openTranscribe,
  padLongMeeting,
  queueRow,
  resultHeading,
  speakSpeech,
  transcriptionRequestCount,
} from '../support/transcription';

// The queue in Chromium: refusals by content and size, a batch kept in the queue, byte progress,
// and a recording over the limit read and made ready. Cancel, failures and Retry, and the options'
// validation are in transcription-queue-retry.test.ts; the formats in transcription-formats.test.ts.

let h: Harness;
let audio: AudioFixtures;
const files: Record<string, string> = {};

beforeAll(async () => {
  audio = await audioFixtures();
  const wav = await speakSpeech(audio);
  files.wav = wav;
  files.mp3 = await audio.convert(wav, 'speech.mp3');
  files.webm = await audio.convert(wav, 'speech.webm');
  files.long = await padLongMeeting(audio, wav);
  files.notes = await audio.write('notes.mp3', 'Shopping list: apples, bread, coffee. Not a recording at all.\n'.repeat(20));
  files.empty = await audio.write('empty.wav', '');
  files.huge = await audio.write('huge.wav', new Uint8Array(26 * 1024 * 1024));
  h = await openProTranscribe();
});

afterAll(async () => {
  await closeExpectingNoErrors(h);
  await audio?.close();
});

describe('transcription queue in Chromium', () => {
  it('names what is wrong with each refused file of a drop, and transcribes the good one', async () => {
    const { page } = h;
    const before = transcriptionRequestCount(h.fake);
    await dropFiles(page, page.getByRole('main'), [fileOf(files.notes!), fileOf(files.empty!), fileOf(files.wav!, 'good.wav')]);
    // A drop of several files stays in the queue, where each says how it went.
    await queueRow(page, 'good.wav').getByText(/^Transcribed/).waitFor();
    expect(transcriptionRequestCount(h.fake)).toBe(before + 1);
    await queueRow(page, 'notes.mp3')
      .getByRole('alert')
      .getByText(/^notes\.mp3 cannot be transcribed: its content is not a known audio format\. The service accepts mp3, mp4, mpeg, mpga, m4a, wav, webm\.$/)
      .waitFor();
    await queueRow(page, 'empty.wav').getByRole('alert').getByText('empty.wav is empty (0 bytes). Choose the recording itself.').waitFor();
    await queueRow(page, 'good.wav').getByText('Transcribed as Text with word timings').waitFor();
    expect(await queueRow(page, 'good.wav').getByText('WAV ·').count()).toBe(1);

    // Over the upload limit, and not audio: refused with the file named before a single byte is
    // uploaded (by main's size check; with long recordings split into parts, by the content check).
    await chooseRecordings(page, files.huge!);
    await queueRow(page, 'huge.wav')
      .getByRole('alert')
      .getByText(/^huge\.wav (is 26\.0 MB; the service accepts files up to 25\.0 MB\. Nothing was uploaded\.|cannot be transcribed: )/)
      .waitFor();
    expect(transcriptionRequestCount(h.fake)).toBe(before + 1);
    await screenshot(page, 'transcription-queue-problems');
    await page.getByRole('button', { name: 'Clear finished' }).click();
    // Main removes the finished jobs and says so on its watch stream; then the queue is gone.
    await expect.poll(() => page.getByRole('region', { name: 'Queue' }).count()).toBe(0);
  });

  it('keeps a batch of files in the queue, each row with its outcome and Open, instead of jumping to a result', async () => {
    const { page } = h;
    const names = ['batch-1.wav', 'batch-2.mp3', 'batch-3.webm'];
    await dropFiles(page, page.getByRole('main'), [fileOf(files.wav!, names[0]), fileOf(files.mp3!, names[1]), fileOf(files.webm!, names[2])]);
    for (const name of names) await queueRow(page, name).getByText(/^Transcribed/).waitFor();
    // Every job is done and the queue is still what is on screen: no result opened by itself.
    expect(await page.getByRole('heading', { name: 'Transcribe', level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'transcription-queue-batch');
    await queueRow(page, 'batch-2.mp3').getByRole('button', { name: 'Open' }).click();
    await resultHeading(page, 'batch-2.mp3').waitFor();
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Queue' }).count()).toBe(0);
  });

  it('shows the upload\'s byte progress while it is under way', async () => {
    const { page, fake } = h;
    const size = statSync(files.long!).size;
    expect(size).toBeGreaterThan(11 * 1024 * 1024);
    fake.transcription.next({ readBytesPerSecond: 5_000_000 });
    await chooseRecordings(page, files.long!);
    const row = queueRow(page, 'long-meeting.wav');
    await row.getByRole('progressbar', { name: 'Upload of long-meeting.wav' }).waitFor();
    // Part way: some bytes sent, not all, in the words and on the bar, read in one go (the upload
    // moves on, and the bar goes when it ends).
    let total = '';
    await expect
      .poll(async () => {
        const now = await row.evaluate((element) => ({
          text: element.textContent ?? '',
          value: Number(element.querySelector('progress[aria-label="Upload of long-meeting.wav"]')?.getAttribute('value')),
        }));
        const match = /Uploading (\d+\.\d) MB of (\d+\.\d) MB/.exec(now.text);
        total = match?.[2] ?? '';
        return match !== null && Number(match[1]) > 0.5 && Number(match[1]) < Number(match[2]) - 0.5 && now.value > 0 && now.value < size;
      }, { timeout: 15_000, interval: 50 })
      .toBe(true);
    expect(total).toBe((size / 1024 / 1024).toFixed(1));
    await screenshot(page, 'transcription-queue-progress');
    await resultHeading(page, 'long-meeting.wav').waitFor({ timeout: 20_000 });
  });

  it('shows a recording over the limit being read, then made ready to send, in words and on a moving bar, never as "1 of 1"', async () => {
    const { page } = h;
    await openTranscribe(page);
    // ~30 MB of WAV (12 minutes): over the upload limit, so main plans it, and one part long.
    const path = await audio.pad(files.wav!, 'thirty-mb.wav', 712);
    expect(statSync(path).size).toBeGreaterThan(MAX_UPLOAD_BYTES);
    // Every status line the row shows, in order, as it is rendered.
    await page.evaluate(() => {
      const seen: string[] = [];
      const observer = new MutationObserver(() => {
        const row = [...document.querySelectorAll('.queue-item')].find((item) => item.querySelector('.queue-name')?.textContent === 'thirty-mb.wav');
        const text = [...(row?.querySelectorAll('.queue-status, .queue-meta') ?? [])].map((line) => line.textContent).join(' | ');
        if (text && seen.at(-1) !== text) seen.push(text);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { statusLines: seen, stopStatusLines: () => observer.disconnect() });
    });
    await chooseRecordings(page, path);
    const row = queueRow(page, 'thirty-mb.wav');
    // The part is made from the recording: part way, in words and on its bar, read in one go.
    await expect
      .poll(async () => {
        const now = await row.evaluate((element) => ({
          text: element.textContent ?? '',
          value: Number(element.querySelector('progress[aria-label="Preparing thirty-mb.wav"]')?.getAttribute('value')),
        }));
        const shown = Number(/Preparing the audio… (\d+)%/.exec(now.text)?.[1]);
        return shown > 0 && shown < 100 && now.value > 0 && now.value < 1;
      }, { timeout: 60_000, interval: 50 })
      .toBe(true);
    await screenshot(page, 'transcription-queue-preparing');
    await resultHeading(page, 'thirty-mb.wav').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => {
      (window as unknown as { stopStatusLines(): void }).stopStatusLines();
      return (window as unknown as { statusLines: string[] }).statusLines;
    });
    // Reading came first, with its bar; no part count was claimed, and none for a single part.
    expect(seen.some((line) => /Reading the recording…/.test(line))).toBe(true);
    expect(seen.findIndex((line) => /Reading the recording…/.test(line))).toBeLessThan(seen.findIndex((line) => /Preparing the audio…/.test(line)));
    expect(seen.filter((line) => /1 of 1|1 parts|of 1 parts/.test(line))).toEqual([]);
    await openTranscribe(page);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Queue' }).count()).toBe(0);
  }, 120_000);
});
