// The recording journeys' parts: Chromium capturing from a speech file made at test time
// (its fake devices, no prompt), the harness beside it, and the recorder's screen by role.
import { rm } from 'node:fs/promises';
import { type Browser, type Page, chromium } from 'playwright-core';
import type { AudioFixtures } from './audio';
import { collectErrors, openFirstScreen } from './browser';
import { startFakeService, type FakeService } from '../fake-service/server';
import { type WebApp, startWebApp } from './web-app';

/** About 9 s of speech and a second of quiet, which Chromium's fake microphone plays in a loop. */
export async function speechForCapture(audio: AudioFixtures): Promise<string> {
  const spoken = await audio.speak(
    'spoken.wav',
    'Welcome to the weekly meeting. First, the budget for the next quarter. Second, the release date. Third, questions from the team.',
  );
  return audio.pad(spoken, 'capture.wav', 1);
}

/** Debian's Chromium with fake media devices: the microphone plays `wav`, and permission prompts answer yes. */
export function launchCapturingChromium(wav: string, language = 'en-US'): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      `--lang=${language}`,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      // The page's AudioContext starts without a click, as a person's Start click would allow.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

export async function openRecorder(page: Page) {
  await sidebar(page).getByRole('button', { name: /^(Record|Recording)$/ }).click();
  await page.getByRole('heading', { name: 'Record a meeting', level: 1 }).waitFor();
}

/** The name asked before the first recording: skipped, for journeys about something else. */
export async function skipNamePrompt(page: Page, skip = 'Skip') {
  await page.getByRole('button', { name: skip, exact: true }).click();
}

/** The question a microphone-only recording asks after Stop. */
export const whoSpokeCard = (page: Page) => page.getByRole('region', { name: 'Who spoke in this recording?' });

/** After Stop, a microphone-only recording asks who spoke; the queue shows once it is answered. */
export async function sayWhoSpoke(page: Page, answer: 'All of this is me' | 'Several people spoke' = 'Several people spoke') {
  await whoSpokeCard(page).getByRole('button', { name: answer, exact: true }).click({ timeout: 30_000 });
}

/** The elapsed time the recorder shows, in seconds. */
export async function shownElapsed(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  return text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

/** The level a track's meter shows now. */
export const meterLevel = (page: Page, name: 'Microphone level' | 'System audio level') =>
  page.getByRole('meter', { name }).evaluate((el) => Number(el.getAttribute('aria-valuenow')));

export interface RecorderRig {
  fake: FakeService;
  app: WebApp;
  browser: Browser;
  page: Page;
  errors: string[];
  /** Starts the harness again on the same data folder (after a kill) and opens the page on it. */
  restart(options?: { kill?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The fake service, the harness on a data folder of the rig's, and a capturing Chromium on the
 * app, in `locale` (English by default). `limitFileBlocks` runs the harness under `ulimit -f`.
 * `ready` waits for the first screen (the sidebar's Record, in English).
 */
export async function openRecorderRig(options: {
  wav: string;
  limitFileBlocks?: number | 'unlimited';
  /** Parts of this many seconds for the transcript made while recording (four minutes otherwise). */
  livePartSeconds?: number;
  locale?: string;
  ready?: (page: Page) => Promise<unknown>;
  /** Set up on the page before it first loads (a route on its bridge socket). */
  beforeLoad?: (page: Page) => Promise<unknown>;
}): Promise<RecorderRig> {
  const fake = await startFakeService();
  let app = await startWebApp({ APP_BASE_URL: fake.baseUrl }, { limitFileBlocks: options.limitFileBlocks, livePartSeconds: options.livePartSeconds });
  const dataDir = app.dataDir;
  const browser = await launchCapturingChromium(options.wav, options.locale);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: options.locale });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await options.beforeLoad?.(page);
  const ready = options.ready ?? ((p: Page) => sidebar(p).getByRole('button', { name: /^(Record|Recording)$/ }).waitFor());
  await openFirstScreen(page, app.url, ready);
  const rig: RecorderRig = {
    fake,
    app,
    browser,
    page,
    errors,
    async restart({ kill = false } = {}) {
      await (kill ? app.kill() : app.stop());
      app = await startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir }, { livePartSeconds: options.livePartSeconds });
      rig.app = app;
      await openFirstScreen(page, app.url, ready);
    },
    async close() {
      await browser.close();
      await app.stop();
      await app.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return rig;
}
