// Shared steps of the transcription journeys (transcription*.test.ts). Everything goes through
// the UI, by role and label, as a person would; files arrive by a real drop or the file input.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeService } from '../fake-service/server';
import type { AudioFixtures } from './audio';
import { type Harness, openHarness } from './harness';

export type { Harness };

export const openApp = (options: { limitFileBlocks?: 'unlimited' } = {}): Promise<Harness> =>
  openHarness({ height: 860, ready: (page) => sidebar(page).getByRole('button', { name: 'Transcribe', exact: true }).waitFor(), ...options });

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

export async function openSettings(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Settings', exact: true }).click();
  // Settings is the heaviest screen, and journeys open it first while the run loads both cores:
  // its first render gets the first screen's allowance (browser.ts).
  await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 30_000 });
}

/** The intake screen: drop zone, options, queue and recent transcripts. */
export async function openTranscribe(page: Page) {
  await sidebar(page).getByRole('button', { name: 'Transcribe', exact: true }).click();
  await page.getByRole('heading', { name: 'Transcribe', level: 1 }).waitFor();
}

export async function useKey(page: Page, key: string) {
  await openSettings(page);
  const replace = page.getByRole('button', { name: 'Replace key' });
  const field = page.getByRole('textbox', { name: /API key$/ });
  // The key's status arrives from main after the screen: wait for one of its two forms.
  await replace.or(field).first().waitFor();
  // A stored key is deleted first: main would refuse to replace it with a key the service refuses,
  // and these journeys use such keys on purpose. Rotation itself is tested in profiles.test.ts.
  if (await replace.isVisible()) {
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('button', { name: 'Yes, delete the key' }).click();
  }
  await field.fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await page.getByText(`A key ending in …${key.slice(-4)} is stored`).waitFor();
}

export async function setPlan(page: Page, plan: 'Free' | 'Pro') {
  await openSettings(page);
  const radio = page.getByRole('radio', { name: new RegExp(`^${plan}`) });
  // check() waits until the radio shows checked; the settings store shows it at once and puts it back if main refuses.
  await radio.check();
  expect(await radio.isChecked()).toBe(true);
}

export async function setTheme(page: Page, theme: 'Light' | 'Dark' | 'Follow the system') {
  await openSettings(page);
  await page.getByRole('radio', { name: theme }).check();
}

export interface DropFile {
  name: string;
  /** Read from here unless `bytes` is given. */
  path?: string;
  bytes?: Uint8Array;
  type?: string;
}

/** Builds a DataTransfer in the page holding real File objects. */
async function dataTransfer(page: Page, files: DropFile[]) {
  const payload = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      type: file.type ?? '',
      base64: Buffer.from(file.bytes ?? (await readFile(file.path!))).toString('base64'),
    })),
  );
  return page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
}

/** Drags the files over `target` and shows the overlay; `drop` finishes the gesture. */
export async function dragOver(page: Page, target: Locator, files: DropFile[]) {
  const transfer = await dataTransfer(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  return {
    drop: () => target.dispatchEvent('drop', { dataTransfer: transfer }),
    leave: () => target.dispatchEvent('dragleave', { dataTransfer: transfer }),
  };
}

export async function dropFiles(page: Page, target: Locator, files: DropFile[]) {
  await (await dragOver(page, target, files)).drop();
}

/** The file input behind "Choose recordings". */
export const fileInput = (page: Page) => page.getByLabel('Choose recordings');

export const fileOf = (path: string, name = basename(path)): DropFile => ({ name, path });

export const queueRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Queue' }).getByRole('listitem', { name, exact: true });

/**
 * Empties the queue as a user would, whatever the journey before left in it: a job running or
 * waiting (or interrupted) is cancelled, then every row is removed, finished, failed or refused.
 * A journey that starts here depends on no other's leftovers (docs/testing.md).
 */
export async function emptyQueue(page: Page) {
  await openTranscribe(page);
  const rows = page.getByRole('list', { name: 'Queue' }).getByRole('listitem');
  for (let left = await rows.count(); left > 0; left = await rows.count()) {
    const row = rows.first();
    const remove = row.getByRole('button', { name: /^Remove .+ from the queue$/ });
    // A job that ends while Cancel is pressed shows Remove all the same.
    if (!(await remove.isVisible())) {
      await row
        .getByRole('button', { name: 'Cancel', exact: true })
        .click()
        .catch(async (error: unknown) => {
          if (!(await remove.isVisible())) throw error;
        });
    }
    // A cancelled upload or split may take a while to stop on a loaded machine.
    await remove.click({ timeout: 60_000 });
    await rows.nth(left - 1).waitFor({ state: 'detached' });
  }
}

export const resultHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

/** The transcript box of the open result. */
export const transcriptBox = (page: Page) => page.getByRole('region', { name: 'Transcript' });

/**
 * The transcript as a reader sees it, spaces collapsed. Its paragraphs are a virtualized list
 * that renders after the box is laid out (a probe paragraph first, then the rest), so a test
 * reads it with `expect.poll(() => shownTranscript(page))`, never once after the heading.
 */
export const shownTranscript = async (page: Page) => (await transcriptBox(page).innerText()).replace(/\s+/g, ' ').trim();

/** The recording's player, on the result screen and in the editor. */
export const player = (page: Page) => page.getByLabel('Recording', { exact: true });

/** The word the transcript marks as being spoken. */
export const highlighted = (page: Page) => transcriptBox(page).locator('[aria-current="time"]');

/** The highlighted word and the playback position, read in one go: playback moves on between two reads. */
export async function playingNow(page: Page): Promise<{ word: string; at: number }> {
  const now = await page.evaluate(() => ({
    word: document.querySelector<HTMLElement>('[aria-label="Transcript"] [aria-current="time"]')?.innerText ?? '',
    at: document.querySelector<HTMLAudioElement>('audio[aria-label="Recording"]')!.currentTime,
  }));
  expect(now.word, 'a word is highlighted while the recording plays').not.toBe('');
  return now;
}

/**
 * Where playback began after `click`: the playhead at the first `play` event on the page, caught
 * on the document (play does not bubble, capture sees it), so a click that first opens the
 * transcript whose player then plays is measured too.
 */
export async function playedFrom(page: Page, click: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('audio')) element.pause();
    const w = window as unknown as { startedAt?: number };
    delete w.startedAt;
    document.addEventListener('play', (event) => (w.startedAt = (event.target as HTMLAudioElement).currentTime), { capture: true, once: true });
  });
  await click();
  const startedAt = () => page.evaluate(() => (window as unknown as { startedAt?: number }).startedAt ?? null);
  await expect.poll(startedAt).not.toBeNull();
  return (await startedAt())!;
}

/** Picks a language as a person does: types part of its name, then chooses it from the list. */
export async function pickLanguage(page: Page, typed: string, name: string) {
  const box = page.getByRole('combobox', { name: 'Language' });
  await box.fill(typed);
  await page.getByRole('listbox', { name: 'Language' }).getByRole('option', { name, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(name);
}

/** The response formats as the form names them: by what they give, never by their wire names. */
export const FORMAT_LABELS = {
  verbose_json: 'Text with word timings',
  json: 'Text only (JSON)',
  text: 'Plain text',
  srt: 'Subtitles (SRT)',
  vtt: 'Subtitles (WebVTT)',
} as const;

export const formatRadio = (page: Page, format: keyof typeof FORMAT_LABELS) =>
  page.getByRole('radio', { name: new RegExp(`^${FORMAT_LABELS[format].replace(/[()]/g, '\\$&')} `) });

export async function chooseFormat(page: Page, format: keyof typeof FORMAT_LABELS) {
  await formatRadio(page, format).check();
}

/** Clicks an export button and returns the browser download it starts. */
export async function exportAs(page: Page, format: 'SRT' | 'VTT' | 'TXT' | 'JSON'): Promise<{ download: Download; text: string; path: string }> {
  // Main writes the file before the download starts: a 45-minute transcript beside a loaded suite can take past 10 s.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: `Save ${format}` }).click()]);
  const path = await download.path();
  return { download, path, text: await readFile(path, 'utf8') };
}

/** Last transcription request the fake received (multipart summary). */
export function lastTranscriptionRequest(fake: FakeService) {
  const found = fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).at(-1);
  return found?.body as { fields: Record<string, string | string[]>; file: { filename: string; size: number } | null } | undefined;
}

/** Picks files with the file input, as "Choose recordings" does. */
export const chooseRecordings = (page: Page, ...paths: string[]) => fileInput(page).setInputFiles(paths);

/** How many transcription requests the fake has received. */
export const transcriptionRequestCount = (fake: FakeService) => fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).length;

/** The app with a Pro key on the Pro plan, on the Transcribe screen. Safe in a hook (no expect.poll). */
export async function openProTranscribe(options: { limitFileBlocks?: 'unlimited' } = {}): Promise<Harness> {
  const h = await openApp(options);
  try {
    await useKey(h.page, h.fake.keys.pro);
    await setPlan(h.page, 'Pro');
    await openTranscribe(h.page);
    return h;
  } catch (error) {
    // The caller never gets the harness to close: what it started goes with the failure.
    await h.close();
    throw error;
  }
}

/** speech.wav, the short recording of the queue journeys: espeak-ng saying one sentence. */
export const speakSpeech = (audio: AudioFixtures) => audio.speak('speech.wav', 'Confab turns recordings into text you can search.');

/** long-meeting.wav, about 12 MB: long enough for visible progress when the fake reads it slowly. */
export const padLongMeeting = (audio: AudioFixtures, wav: string) => audio.pad(wav, 'long-meeting.wav', 280);

/** What sentence.wav says, as the fake's transcript of it. */
export const TEXT = 'The quick brown fox jumps over the lazy dog. Then it runs away.';
/** Subtitles made from timings hold the words, which carry no punctuation. */
export const SPOKEN = 'The quick brown fox jumps over the lazy dog Then it runs away';
// Timings the fake returns for the sentence espeak-ng speaks (about 4.9 s long).
export const WORDS = [
  ['The', 0.2, 0.45],
  ['quick', 0.45, 0.8],
  ['brown', 0.8, 1.1],
  ['fox', 1.1, 1.45],
  ['jumps', 1.45, 1.85],
  ['over', 1.85, 2.1],
  ['the', 2.1, 2.25],
  ['lazy', 2.25, 2.65],
  ['dog', 2.65, 3.1],
  ['Then', 3.4, 3.65],
  ['it', 3.65, 3.8],
  ['runs', 3.8, 4.15],
  ['away', 4.15, 4.6],
].map(([word, start, end]) => ({ word: word as string, start: start as number, end: end as number }));

/**
 * sentence.wav (espeak-ng saying TEXT) transcribed with its word timings, its result open and
 * its recording loaded: where the journeys on one transcript start.
 */
export async function openSentenceResult(audio: AudioFixtures): Promise<{ h: Harness; sentence: string; duration: number }> {
  const sentence = await audio.speak('sentence.wav', TEXT);
  const duration = await audio.duration(sentence);
  const h = await openProTranscribe();
  h.fake.transcription.next({ text: TEXT, words: WORDS, language: 'english', duration });
  await dropFiles(h.page, h.page.getByRole('main'), [fileOf(sentence)]);
  await resultHeading(h.page, 'sentence.wav').waitFor();
  await h.page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio[aria-label="Recording"]')?.readyState ?? 0) >= 1);
  return { h, sentence, duration };
}
