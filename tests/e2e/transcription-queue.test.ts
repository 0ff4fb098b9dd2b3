import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { screenshot } from '../support/browser';
import {
  type Harness,
  chooseFormat,
  pickLanguage,
  dropFiles,
  exportAs,
  fileInput,
  fileOf,
  lastTranscriptionRequest,
  openApp,
  openTranscribe,
  player,
  queueRow,
  resultHeading,
  setPlan,
  shownTranscript,
  transcriptBox,
  useKey,
} from './transcription-support';

// The queue in Chromium: the five response formats from four containers, byte progress, cancel,
// refusals by content and size, a failed file kept for Retry, and the options' validation.

let h: Harness;
let audio: AudioFixtures;
const files: Record<string, string> = {};

beforeAll(async () => {
  audio = await audioFixtures();
  const wav = await audio.speak('speech.wav', 'Confab turns recordings into text you can search.');
  files.wav = wav;
  files.mp3 = await audio.convert(wav, 'speech.mp3');
  files.m4a = await audio.convert(wav, 'speech.m4a');
  files.webm = await audio.convert(wav, 'speech.webm');
  // About 12 MB: long enough for visible progress when the fake reads it slowly.
  files.long = await audio.pad(wav, 'long-meeting.wav', 280);
  files.notes = await audio.write('notes.mp3', 'Shopping list: apples, bread, coffee. Not a recording at all.\n'.repeat(20));
  files.empty = await audio.write('empty.wav', '');
  files.huge = await audio.write('huge.wav', new Uint8Array(26 * 1024 * 1024));
  h = await openApp();
  await useKey(h.page, h.fake.keys.pro);
  await setPlan(h.page, 'Pro');
  await openTranscribe(h.page);
});

afterAll(async () => {
  await h?.close();
  await audio?.close();
});

const WORDS = ['Confab', 'turns', 'recordings', 'into', 'text', 'you', 'can', 'search'].map((word, i) => ({
  word,
  start: 0.3 + i * 0.35,
  end: 0.6 + i * 0.35,
}));

/** Picks files with the file input, as "Choose recordings" does. */
const choose = (...paths: string[]) => fileInput(h.page).setInputFiles(paths);

const requestCount = () => h.fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).length;

describe('transcription queue in Chromium', () => {
  it('transcribes as json from an mp3 and explains that a transcript without timings cannot become subtitles', async () => {
    const { page, fake } = h;
    await chooseFormat(page, 'json');
    // Timings exist only in the format named for them, and the form says so.
    expect(await page.getByRole('checkbox', { name: 'Words' }).isDisabled()).toBe(true);
    await page.getByText('Only Text with word timings carries timings, so these apply to it alone. Choose it to use them.').waitFor();
    fake.transcription.next({ text: 'Confab turns recordings into text you can search.' });
    await choose(files.mp3!);
    await resultHeading(page, 'speech.mp3').waitFor();
    await expect.poll(() => shownTranscript(page)).toBe('Confab turns recordings into text you can search.');
    const request = lastTranscriptionRequest(fake)!;
    expect(request.fields).toMatchObject({ model: 'speech-1', response_format: 'json' });
    expect(request.fields).not.toHaveProperty('timestamp_granularities[]');
    expect(request.file?.filename).toBe('speech.mp3');

    await page.getByText(/This transcript was made as Text only \(JSON\): it has no timings, so it cannot become SRT or VTT subtitles/).waitFor();
    await page.getByRole('button', { name: 'Save SRT' }).click();
    // Main's own message, shown as it is.
    await page.getByRole('alert').getByText(/This transcript has no timings, so it cannot become SRT subtitles\. Transcribe it again with word timings \(or as SRT subtitles\)\.$/).waitFor();
    expect(JSON.parse((await exportAs(page, 'JSON')).text)).toEqual({ text: 'Confab turns recordings into text you can search.' });
  });

  it('transcribes as text from an m4a', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    await chooseFormat(page, 'text');
    fake.transcription.next({ text: 'Plain text from an M4A recording.' });
    await choose(files.m4a!);
    await resultHeading(page, 'speech.m4a').waitFor();
    await expect.poll(() => shownTranscript(page)).toBe('Plain text from an M4A recording.');
    expect(lastTranscriptionRequest(fake)!.fields.response_format).toBe('text');
    expect((await exportAs(page, 'TXT')).text).toBe('Plain text from an M4A recording.\n');
  });

  it.each([
    ['srt', 'webm'],
    ['vtt', 'wav'],
  ] as const)('transcribes as %s from a %s and saves the service\'s subtitles exactly as returned', async (format, container) => {
    const { page, fake } = h;
    await openTranscribe(page);
    await chooseFormat(page, format);
    fake.transcription.next({ words: WORDS, duration: 3.4 });
    await choose(files[container]!);
    await resultHeading(page, `speech.${container}`).waitFor();
    await expect.poll(() => shownTranscript(page)).toBe('Confab turns recordings into text you can search');
    expect(lastTranscriptionRequest(fake)!.fields.response_format).toBe(format);
    await page.getByText(`The service's own ${format.toUpperCase()} is saved exactly as returned.`, { exact: false }).waitFor();

    await page.getByText(`The ${format.toUpperCase()} as returned`).click();
    const raw = await page.locator('details.raw pre').textContent();
    expect(raw).toMatch(format === 'vtt' ? /^WEBVTT\n\n00:00:00\.300 --> / : /^1\n00:00:00,300 --> /);
    const saved = await exportAs(page, format === 'srt' ? 'SRT' : 'VTT');
    expect(saved.download.suggestedFilename()).toBe(`speech.${format}`);
    expect(saved.text).toBe(raw);

    const other = format === 'srt' ? 'VTT' : 'SRT';
    await page.getByRole('button', { name: `Save ${other}` }).click();
    await page.getByRole('alert').getByText(new RegExp(`no timings, so it cannot become ${other} subtitles`)).waitFor();
  });

  it('transcribes as verbose_json with word timings only, in the language asked for, showing the text as written', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    await chooseFormat(page, 'verbose_json');
    await page.getByRole('checkbox', { name: 'Segments' }).uncheck();
    await pickLanguage(page, 'Engl', 'English');
    fake.transcription.next({ text: 'Confab turns recordings into text. You can search!', words: WORDS, duration: 3.4 });
    await choose(files.wav!);
    await resultHeading(page, 'speech.wav').waitFor();
    const request = lastTranscriptionRequest(fake)!;
    expect(request.fields).toMatchObject({ response_format: 'verbose_json', language: 'en', 'timestamp_granularities[]': ['word'] });
    // Without segments the text keeps its punctuation, each word tied to its timing.
    await expect.poll(() => shownTranscript(page)).toBe('0:00 Confab turns recordings into text. You can search!');
    await transcriptBox(page).getByRole('button', { name: 'search!', exact: true }).click();
    // It plays from the word clicked.
    await expect.poll(() => player(page).evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime >= 2.74)).toBe(true);
    await player(page).evaluate((el: HTMLAudioElement) => el.pause());
    // The service's code, named in the user's language, with the code on hover.
    await page.getByRole('definition').getByText('English', { exact: true }).waitFor();
    expect(await page.getByRole('definition').getByText('English', { exact: true }).getAttribute('title')).toBe('en');
    await page.getByText('Timings: 8 words').waitFor();

    await openTranscribe(page);
    await pickLanguage(page, '', 'Detect automatically');
    await page.getByRole('checkbox', { name: 'Segments' }).check();
  });

  it('names what is wrong with each refused file of a drop, and transcribes the good one', async () => {
    const { page } = h;
    const before = requestCount();
    await dropFiles(page, page.getByRole('main'), [fileOf(files.notes!), fileOf(files.empty!), fileOf(files.wav!, 'good.wav')]);
    // A drop of several files stays in the queue, where each says how it went.
    await queueRow(page, 'good.wav').getByText(/^Transcribed/).waitFor();
    expect(requestCount()).toBe(before + 1);
    await queueRow(page, 'notes.mp3')
      .getByRole('alert')
      .getByText(/^notes\.mp3 cannot be transcribed: its content is not a known audio format\. The service accepts mp3, mp4, mpeg, mpga, m4a, wav, webm\.$/)
      .waitFor();
    await queueRow(page, 'empty.wav').getByRole('alert').getByText('empty.wav is empty (0 bytes). Choose the recording itself.').waitFor();
    await queueRow(page, 'good.wav').getByText('Transcribed as Text with word timings').waitFor();
    expect(await queueRow(page, 'good.wav').getByText('WAV ·').count()).toBe(1);

    // Over the upload limit, and not audio: refused with the file named before a single byte is
    // uploaded (by main's size check; with long recordings split into parts, by the content check).
    await choose(files.huge!);
    await queueRow(page, 'huge.wav')
      .getByRole('alert')
      .getByText(/^huge\.wav (is 26\.0 MB; the service accepts files up to 25\.0 MB\. Nothing was uploaded\.|cannot be transcribed: )/)
      .waitFor();
    expect(requestCount()).toBe(before + 1);
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
    await choose(files.long!);
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
        const row = document.querySelector('[aria-label="thirty-mb.wav"]');
        const text = [...(row?.querySelectorAll('.queue-status, .queue-meta') ?? [])].map((line) => line.textContent).join(' | ');
        if (text && seen.at(-1) !== text) seen.push(text);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      Object.assign(window, { statusLines: seen, stopStatusLines: () => observer.disconnect() });
    });
    await choose(path);
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

  it('cancels mid-upload at once (the service sees the connection close) and Retry transcribes the file', async () => {
    const { page, fake } = h;
    await openTranscribe(page);
    fake.transcription.next({ readBytesPerSecond: 2_000_000 });
    await choose(files.long!);
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
    await choose(files.wav!);
    const row = queueRow(page, 'speech.wav');
    await row.getByText('The service refused the request (403)').waitFor();
    await row.getByText('Audio transcription requires a Pro plan.').waitFor();
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

    const before = requestCount();
    await choose(files.wav!);
    const row = queueRow(page, 'speech.wav');
    // The queue decides before it shows the row's state: a row that says it waits sent nothing.
    await row.getByText('Waiting: fix the options below to start.').waitFor();
    expect(requestCount()).toBe(before);

    await pickLanguage(page, 'germ', 'German');
    await prompt.fill('');
    await resultHeading(page, 'speech.wav').waitFor();
    expect(lastTranscriptionRequest(fake)!.fields).toMatchObject({ model: 'speech-1', language: 'de' });
    await openTranscribe(page);
    await pickLanguage(page, '', 'Detect automatically');
    expect(h.errors).toEqual([]);
  });
});
