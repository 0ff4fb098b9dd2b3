import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directionOf } from '../../shared/i18n/languages';
import { startFakeService, type FakeService } from '../fake-service/server';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { type AppPage, closeExpectingNoErrors, openAppPage } from '../support/harness';
import { JOURNEY_LANGUAGES, languageCheckpoint, wordsOf, type Words } from '../support/i18n';
import { launchCapturingChromium, shownElapsed, skipNamePrompt, speechForCapture } from '../support/recorder';
import { type WebApp, startWebApp } from '../support/web-app';

// The recorder in each journey language: the name asked once, before recording (system audio said unavailable),
// recording, paused, and the stopped recording waiting on the Free plan, each screen measured,
// saved and judged (untranslated text in the pseudo-language, axe in Arabic). One fake service,
// one speech file and one capturing browser for the file; each language gets an app of its own
// (the name is asked once per data folder) and a browser context that speaks the language.

let audio: AudioFixtures;
let fake: FakeService;
let browser: Browser;
beforeAll(async () => {
  audio = await audioFixtures();
  fake = await startFakeService();
  browser = await launchCapturingChromium(await speechForCapture(audio));
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
  await audio?.close();
});

describe.each(JOURNEY_LANGUAGES)('the recorder in %s', (language) => {
  let app: WebApp;
  let rig: AppPage;
  let words: Words;

  beforeAll(async () => {
    words = await wordsOf(language);
    app = await startWebApp({ APP_BASE_URL: fake.baseUrl });
    rig = await openAppPage(browser, app, {
      height: 800,
      locale: language,
      ready: (page) => page.getByRole('button', { name: words('recording:nav.record'), exact: true }).waitFor(),
    });
  });

  afterAll(async () => {
    try {
      await closeExpectingNoErrors(rig);
    } finally {
      await app?.close();
    }
  });

  it('offers the microphone and says why system audio cannot be had, before recording', async () => {
    const { page } = rig;
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, directionOf(language)]);
    await page.getByRole('button', { name: words('recording:nav.record'), exact: true }).click();
    await page.getByRole('heading', { name: words('recording:screen.heading'), level: 1 }).waitFor();
    await page.getByRole('heading', { name: words('recording:name.heading'), level: 2 }).waitFor();
    await languageCheckpoint(page, language, 'recorder-name');
    await skipNamePrompt(page, words('recording:name.skip'));
    await page.getByTestId('rec-system-unavailable').waitFor();
    await languageCheckpoint(page, language, 'recorder-idle');
  });

  it('records and pauses', async () => {
    const { page } = rig;
    await page.getByRole('button', { name: words('recording:sources.start') }).click();
    await expect.poll(() => shownElapsed(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await languageCheckpoint(page, language, 'recorder-recording');
    await page.getByRole('button', { name: words('recording:controls.pause'), exact: true }).click();
    await page.getByRole('heading', { name: words('recording:controls.paused'), level: 2 }).waitFor();
    await languageCheckpoint(page, language, 'recorder-paused');
  });

  it('keeps a stopped recording waiting on the Free plan, with Transcribe, Keep and Discard', async () => {
    const { page } = rig;
    await page.getByRole('button', { name: words('recording:controls.stop'), exact: true }).click();
    const item = page.getByTestId('rec-waiting');
    await item.getByRole('button', { name: words('recording:waiting.discard'), exact: true }).waitFor();
    await languageCheckpoint(page, language, 'recorder-waiting');
  });
});
