import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_EXTENSIONS } from '../../shared/contract/transcription';
import { openFirstScreen } from '../support/browser';
import { type Harness, closeExpectingNoErrors, openHarness } from '../support/harness';
import { languageCheckpoint, wordsOf } from '../support/i18n';
import { testFolder } from '../support/temp-folder';
import { setPlan, sidebar } from '../support/transcription';

// Main refuses a file for transcription with a code and values; the page says it in the UI's
// language. The plan is set in an English window (the words the shared steps know), then the
// same app is opened by a browser whose language is Japanese, as a first start follows the OS.

let h: Harness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  h = await openHarness({ height: 860, locale: 'en-US', ready: (p) => sidebar(p).getByRole('button', { name: 'Transcribe', exact: true }).waitFor() });
  await setPlan(h.page, 'Pro');
  context = await h.browser.newContext({ viewport: { width: 1100, height: 860 }, locale: 'ja' });
  page = await context.newPage();
  page.on('console', (message) => message.type() === 'error' && h.errors.push(message.text()));
  page.on('pageerror', (error) => h.errors.push(error.message));
  // In Japanese, and drawn: the sections are there to take the shortcut, and the first screen is in
  // (main's settings have come), so the picker opens within the key press's activation however loaded
  // the machine is; a press while the app still loads is the unit test's (open-recording.test.tsx).
  await openFirstScreen(page, h.app.url, async (p) => {
    await p.locator('html[lang="ja"]').waitFor({ state: 'attached' });
    await p.getByRole('navigation').first().waitFor();
    await p.locator('main .composer').waitFor();
  });
});

afterAll(async () => {
  await context?.close();
  await closeExpectingNoErrors(h);
});

describe('a refused recording, in Japanese', () => {
  it('says why main refused each file in Japanese, naming the file and what the service accepts', async () => {
    const dir = await testFolder('confab-refused-');
    const notAudio = join(dir, 'notes.mp3');
    const empty = join(dir, 'empty.wav');
    await writeFile(notAudio, 'Minutes of the weekly sync, not a recording at all. '.repeat(100));
    await writeFile(empty, '');

    // Ctrl+O, as a user opens recordings: the transcription screen and its file picker.
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Control+O');
    await (await chooser).setFiles([notAudio, empty]);

    const t = await wordsOf('ja');
    // The queue's rows (the newest refusal is also said over the page, in the same words).
    const refusals = page.getByRole('list', { name: 'キュー' }).getByRole('alert');
    const notAudioWords = t('errors:intake.not_audio', { name: 'notes.mp3', accepted: AUDIO_EXTENSIONS.join(', ') });
    const emptyWords = t('errors:intake.recording_empty', { name: 'empty.wav' });
    await refusals.getByText(notAudioWords, { exact: true }).waitFor();
    await refusals.getByText(emptyWords, { exact: true }).waitFor();
    // The Japanese sentence, not the English one nor a bare code.
    expect(notAudioWords).toContain('文字起こしできません');
    expect(await refusals.getByText(/cannot be transcribed|intake\./).count()).toBe(0);
    // Nothing reached the service: both were refused before any upload.
    expect(h.fake.requests.filter((request) => request.path.endsWith('/audio/transcriptions'))).toEqual([]);

    await languageCheckpoint(page, 'ja', 'transcription-refused');
  });
});
