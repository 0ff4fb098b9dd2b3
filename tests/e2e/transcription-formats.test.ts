import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { closeExpectingNoErrors } from '../support/harness';
import {
  type Harness,
  chooseFormat,
  chooseRecordings,
  exportAs,
  lastTranscriptionRequest,
  openProTranscribe,
  openTranscribe,
  pickLanguage,
  player,
  resultHeading,
  shownTranscript,
  speakSpeech,
  transcriptBox,
} from '../support/transcription';

// The five response formats in Chromium, from four containers: what each sends and shows, what
// it can be saved as, and why a transcript without timings cannot become subtitles.

let h: Harness;
let audio: AudioFixtures;
const files: Record<string, string> = {};

beforeAll(async () => {
  audio = await audioFixtures();
  const wav = await speakSpeech(audio);
  files.wav = wav;
  files.mp3 = await audio.convert(wav, 'speech.mp3');
  files.m4a = await audio.convert(wav, 'speech.m4a');
  files.webm = await audio.convert(wav, 'speech.webm');
  h = await openProTranscribe();
});

afterAll(async () => {
  await closeExpectingNoErrors(h);
  await audio?.close();
});

const WORDS = ['Confab', 'turns', 'recordings', 'into', 'text', 'you', 'can', 'search'].map((word, i) => ({
  word,
  start: 0.3 + i * 0.35,
  end: 0.6 + i * 0.35,
}));

describe('transcription formats in Chromium', () => {
  it('transcribes as json from an mp3 and explains that a transcript without timings cannot become subtitles', async () => {
    const { page, fake } = h;
    await chooseFormat(page, 'json');
    // Timings exist only in the format named for them, and the form says so.
    expect(await page.getByRole('checkbox', { name: 'Words' }).isDisabled()).toBe(true);
    await page.getByText('Only Text with word timings carries timings, so these apply to it alone. Choose it to use them.').waitFor();
    fake.transcription.next({ text: 'Confab turns recordings into text you can search.' });
    await chooseRecordings(page, files.mp3!);
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
    await chooseRecordings(page, files.m4a!);
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
    await chooseRecordings(page, files[container]!);
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
    await chooseRecordings(page, files.wav!);
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
    // The segments are main's paragraphs, made of its rows as the text export makes them: here one.
    await page.getByText('Timings: 1 segment and 8 words').waitFor();

    await openTranscribe(page);
    await pickLanguage(page, '', 'Detect automatically');
    await page.getByRole('checkbox', { name: 'Segments' }).check();
  });
});
