// The app in a Chromium whose microphone is a file: Chromium's fake capture device plays a WAV
// made at test time (espeak-ng speech, or sox silence) to every getUserMedia, and its fake UI
// grants the microphone as a user clicking Allow would.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startFakeService } from '../fake-service/server';
import type { AudioFixtures } from './audio';
import { collectErrors, openFirstScreen } from './browser';
import type { Harness } from './harness';
import { launchCapturingChromium } from './recorder';
import { startWebApp } from './web-app';

/** Like openHarness (harness.ts), with Chromium's microphone playing `wav` in a loop. */
export async function openWithFakeMicrophone(wav: string, options: { height: number; ready(page: Harness['page']): Promise<unknown> }): Promise<Harness> {
  const fake = await startFakeService();
  const app = await startWebApp({ APP_BASE_URL: fake.baseUrl });
  const browser = await launchCapturingChromium(wav);
  const close = async () => {
    await browser.close();
    await app.close();
    await fake.close();
  };
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: options.height } });
    await context.grantPermissions(['microphone'], { origin: app.origin });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await openFirstScreen(page, app.url, options.ready);
    return { fake, app, browser, page, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `seconds` of digital silence, 16 kHz mono 16-bit (sox), in the fixtures folder. */
export async function silentWav(audio: AudioFixtures, name: string, seconds: number): Promise<string> {
  await promisify(execFile)('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', audio.path(name), 'trim', '0', String(seconds)]);
  return audio.path(name);
}
