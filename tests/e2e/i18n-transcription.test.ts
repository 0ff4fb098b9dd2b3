import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directionOf } from '../../shared/i18n/languages';
import { startFakeService, type FakeService } from '../fake-service/server';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { launchChromium } from '../support/browser';
import { type AppPage, closeExpectingNoErrors, openAppPage } from '../support/harness';
import { JOURNEY_LANGUAGES, languageCheckpoint, wordsOf, type Words } from '../support/i18n';
import { TEXT, WORDS, dropFiles, fileOf } from '../support/transcription';
import { type WebApp, startWebApp } from '../support/web-app';

// Transcription in each journey language: a Pro key, two recordings dropped together, the queue
// with their jobs, a finished transcript and its export panel, each screen measured, saved and
// judged (untranslated text in the pseudo-language, axe in Arabic). Controls are found by the
// words a user of that language reads; the key and plan are set by the fields' kinds, since the
// settings screen is worded by its own namespace. One fake service, one spoken recording and one
// browser for the file; each language gets an app of its own (its own key, plan and queue) and a
// browser context that speaks the language.

const NAMES = ['sentence.wav', 'réunion.wav'] as const;

/** The Pro key stored and the Pro plan chosen, from the Pro notice on Transcribe. */
async function becomePro(page: Page, words: Words, key: string) {
  await page.getByRole('button', { name: words('transcription:nav.transcribe'), exact: true }).click();
  await page.getByRole('button', { name: words('transcription:proNotice.open') }).click();
  const field = page.locator('input[type="password"]');
  await field.fill(key);
  await field.press('Enter');
  // A stored key is shown by its last characters instead of the field.
  await field.waitFor({ state: 'detached' });
  const pro = page.locator('input[type="radio"][name="plan"]').nth(1);
  await pro.check();
  expect(await pro.isChecked()).toBe(true);
  await page.getByRole('button', { name: words('transcription:nav.transcribe'), exact: true }).click();
  await page.getByRole('heading', { name: words('transcription:drop.heading') }).waitFor();
}

let audio: AudioFixtures;
let sentence: string;
let fake: FakeService;
let browser: Browser;
beforeAll(async () => {
  audio = await audioFixtures();
  sentence = await audio.speak('sentence.wav', TEXT);
  fake = await startFakeService();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
  await audio?.close();
});

describe.each(JOURNEY_LANGUAGES)('transcription in %s', (language) => {
  let app: WebApp;
  let h: AppPage;
  let words: Words;

  beforeAll(async () => {
    words = await wordsOf(language);
    app = await startWebApp({ APP_BASE_URL: fake.baseUrl });
    h = await openAppPage(browser, app, {
      locale: language,
      height: 860,
      ready: (page) => page.getByRole('button', { name: words('transcription:nav.transcribe'), exact: true }).waitFor(),
    });
  });

  afterAll(async () => {
    try {
      await closeExpectingNoErrors(h);
    } finally {
      await app?.close();
    }
  });

  it('queues two recordings dropped together and says how each went', async () => {
    const { page } = h;
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, directionOf(language)]);
    await becomePro(page, words, fake.keys.pro);

    const duration = await audio.duration(sentence);
    for (const _name of NAMES) fake.transcription.next({ text: TEXT, words: WORDS, language: 'english', duration });
    await dropFiles(page, page.getByRole('main'), NAMES.map((name) => fileOf(sentence, name)));
    const done = page.getByText(words('transcription:status.done', { format: words('transcription:formats.verbose_json') }), { exact: true });
    await done.nth(1).waitFor();
    expect(await done.count()).toBe(2);
    // File names are the user's: never translated, in their own direction.
    const name = page.getByRole('region', { name: words('transcription:queue.heading') }).getByText(NAMES[1], { exact: true });
    expect(await name.evaluate((el) => [el.getAttribute('translate'), el.getAttribute('dir')])).toEqual(['no', 'auto']);
    await languageCheckpoint(page, language, 'transcription-queue');
  });

  it('shows a finished transcript, its timecodes left to right and its text in its own direction', async () => {
    const { page } = h;
    await page.getByRole('button', { name: words('transcription:queue.open') }).first().click();
    await page.getByRole('heading', { name: NAMES[0], level: 1 }).waitFor();
    // The recording is ready to play along with once the hint says how.
    await page.getByText(words('transcription:player.hint')).waitFor();
    const time = page.getByRole('button', { name: words('transcription:player.playFrom', { time: '0:00.20' }) });
    expect(await time.getAttribute('dir')).toBe('ltr');
    const text = page.getByRole('region', { name: words('transcription:player.transcript') }).locator('.para-text').first();
    expect(await text.getAttribute('dir')).toBe('auto');
    await languageCheckpoint(page, language, 'transcription-result');
  });

  it('explains the exports and the subtitle rules', async () => {
    const { page } = h;
    await page.getByText(words('transcription:export.rules'), { exact: true }).click();
    await page.getByLabel(words('transcription:export.maxCharsPerLine')).fill('5');
    // A bound the rules cross is said with the number in the language's own digits.
    const least = await page.evaluate((tag) => new Intl.NumberFormat(tag).format(10), language);
    await page.getByText(words('transcription:export.atLeast', { value: least }), { exact: true }).waitFor();
    await page.getByRole('button', { name: words('transcription:export.defaults') }).click();
    await page.getByRole('heading', { name: words('transcription:export.heading') }).scrollIntoViewIfNeeded();
    await languageCheckpoint(page, language, 'transcription-export');
  });
});
