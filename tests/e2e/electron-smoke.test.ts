import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ElectronApplication, type Page, _electron } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/contract/transcription';
import { type FakeService, startFakeService } from '../fake-service/server';
import type { MultipartLogBody } from '../fake-service/script';
import { type AudioFixtures, audioFixtures } from '../support/audio';
import { removeFolder } from '../support/temp-folder';
import { expectedReply, send, settled, textOf, useKey } from '../support/chat';
import { dropFiles, fileInput, fileOf, openTranscribe, resultHeading, setPlan } from '../support/transcription';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The Electron executable, found the way the electron package finds it but without
 * requiring it: `require('electron')` downloads the binary when it is missing.
 */
function electronBinary(): string | null {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) return null;
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : 'electron';
  const binary = path.join(override ?? path.join(packageDir, 'dist'), executable);
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
// CI (.github/workflows/ci.yml) has the binary and sets this, so a missing one fails there.
const required = Boolean(process.env.CONFAB_REQUIRE_ELECTRON);
const skip = binary === null && !required;

/**
 * The journey a user takes in the real app: start, save a key against the fake service, chat,
 * drop a recording, export SRT (main's save dialog answered by the test), a menu command,
 * record a meeting from Chromium's fake microphone, quit.
 * Here Electron's binary cannot be downloaded, so it reports itself skipped; in CI it runs
 * unchanged under Xvfb.
 */
const REASON = 'No Electron binary in node_modules/electron (it could not be downloaded here).';

/** A step of the journey; each reports itself skipped, with the reason, where Electron is missing. */
const step = (name: string, run: () => Promise<void>, timeout?: number) =>
  it(
    name,
    async (ctx) => {
      ctx.skip(skip, REASON);
      await run();
    },
    timeout,
  );

describe('Electron app (smoke journey)', () => {
  let app: ElectronApplication;
  let page: Page;
  let fake: FakeService;
  let audio: AudioFixtures;
  let dataDir: string;

  beforeAll(async () => {
    if (skip) return;
    expect(binary, 'No Electron binary in node_modules/electron, and CONFAB_REQUIRE_ELECTRON is set').not.toBeNull();
    expect(existsSync(path.join(root, 'dist/renderer/index.html')), 'dist/renderer is missing: run `npm run build:renderer` first').toBe(true);
    execFileSync(process.execPath, [path.join(root, 'build/bundle-electron.mjs')], { cwd: root, stdio: 'ignore' });
    fake = await startFakeService();
    audio = await audioFixtures();
    dataDir = mkdtempSync(path.join(tmpdir(), 'confab-electron-'));
    // Chromium's fake microphone plays this speech; main still decides whether the page may open it.
    const meeting = await audio.speak('meeting.wav', 'Recorded in Electron.');
    app = await _electron.launch({
      executablePath: binary!,
      // Chromium refuses to start its sandbox as root (containers, CI); elsewhere it stays on.
      args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${meeting}`, root],
      cwd: root,
      env: { ...process.env, APP_DATA_DIR: dataDir, APP_BASE_URL: fake.baseUrl, CONFAB_DISABLE_UPDATES: '1' } as Record<string, string>,
      timeout: 30_000,
    });
    page = await app.firstWindow();
    page.setDefaultTimeout(15_000);
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
  }, 90_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await fake?.close();
    await audio?.close();
    if (dataDir) await removeFolder(dataDir);
  });

  step('starts locked down: the app page, the bridge, no Node, the menu', async () => {
    expect(page.url()).toBe('app://confab/index.html');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle())).toBe('Confab');
    expect(await page.evaluate(() => typeof (window as unknown as { confab?: unknown }).confab)).toBe('object');
    expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined');
    const labels = await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items.map((item) => item.label.replace('&', '')));
    expect(labels).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Window', 'Help']));
  });

  step('saves a key against the fake service and chats', async () => {
    await useKey(page, fake.keys.pro);
    await send(page, 'Hello from Electron');
    expect(await textOf(await settled(page))).toBe(expectedReply('Hello from Electron'));
  });

  step('runs a menu command through the page, as its shortcut does', async () => {
    await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('settings')?.click());
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  step('rebuilds the menu in the language chosen in Settings, without a restart', async () => {
    // The call the Settings screen makes; the page's own words are the other tests' concern.
    const choose = (language: string) => page.evaluate((choice) => (window as unknown as { confab: { settings: { update(patch: unknown): Promise<unknown> } } }).confab.settings.update({ language: choice }), language);
    const fileMenu = () => app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.items[process.platform === 'darwin' ? 1 : 0]?.label.replace('&', ''));
    await choose('de');
    await expect.poll(fileMenu).toBe('Datei');
    await choose('system');
    await expect.poll(fileMenu).toBe('File');
  });

  step('transcribes a dropped recording and exports SRT through main\'s save dialog', async () => {
    const sentence = await audio.speak('smoke.wav', 'Confab in Electron.');
    fake.transcription.next({ text: 'Confab in Electron.', words: [{ word: 'Confab', start: 0.1, end: 0.6 }, { word: 'in', start: 0.6, end: 0.8 }, { word: 'Electron', start: 0.8, end: 1.4 }], language: 'english', duration: await audio.duration(sentence) });
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    await dropFiles(page, page.getByRole('main'), [fileOf(sentence)]);
    await resultHeading(page, 'smoke.wav').waitFor();

    const target = path.join(dataDir, 'exported.srt');
    await app.evaluate(({ dialog }, filePath) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath })) as typeof dialog.showSaveDialog;
    }, target);
    await page.getByRole('button', { name: 'Save SRT' }).click();
    await expect.poll(() => (existsSync(target) ? readFileSync(target, 'utf8') : '')).toMatch(/^1\r?\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\r?\nConfab in Electron/);
  });

  // Electron's own splitter processes (utility processes, electron/shell/platform/utility-splitter.ts):
  // 15 minutes of a tone as a 16 kHz WAV, ~29 MB, over the upload limit, so it is planned in
  // two stretches as it is read, and sent as two Opus parts: a first of about two minutes, then the rest.
  step(
    'splits a recording over the upload limit in utility processes and transcribes its part',
    async () => {
      const long = path.join(dataDir, 'long-tone.wav');
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=900', '-c:a', 'pcm_s16le', long]);
      fake.transcription.next({ text: 'A long tone.', words: [{ word: 'A', start: 1, end: 1.2 }, { word: 'long', start: 1.2, end: 1.6 }, { word: 'tone', start: 1.6, end: 2 }], language: 'english', duration: 900 });
      await openTranscribe(page);
      await fileInput(page).setInputFiles(long);
      await resultHeading(page, 'long-tone.wav').waitFor({ timeout: 150_000 });
      const parts = fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).map((r) => (r.body as MultipartLogBody).file!).filter((file) => file.filename.startsWith('long-tone'));
      // Part 1 may go before the plan is complete (its name has no count then).
      expect(parts.map((part) => part.filename)).toContainEqual(expect.stringMatching(/\(part 1( of 2)?\)/));
      expect(parts.at(-1)?.filename).toMatch(/\(part 2 of 2\)/);
      for (const part of parts) expect(part.size).toBeLessThan(MAX_UPLOAD_BYTES);
    },
    180_000,
  );

  // The microphone only (a CI machine has no system audio to loop back); the window is closed
  // mid-recording, which hides it while capture goes on.
  step('records the microphone while the window is hidden, stops, and the recording is transcribed', async () => {
    const uploads = () => fake.requests.filter((r) => r.path.startsWith('/v1/audio/transcriptions')).map((r) => (r.body as MultipartLogBody).file);
    const before = uploads().length;
    fake.transcription.next({ text: 'Recorded in Electron.', words: [{ word: 'Recorded', start: 0.2, end: 0.7 }, { word: 'in', start: 0.7, end: 0.8 }, { word: 'Electron', start: 0.8, end: 1.4 }], language: 'english', duration: 4 });
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    // The name asked before the first recording (labelling who spoke is another journey's).
    await page.getByRole('button', { name: 'Skip', exact: true }).click();
    await page.getByRole('checkbox', { name: /system audio/ }).setChecked(false);
    await page.getByRole('button', { name: 'Start recording' }).click();
    const recorded = async () => Number((await page.getByRole('timer').getAttribute('datetime'))?.match(/^PT(\d+)S$/)?.[1] ?? 0);
    await expect.poll(recorded).toBeGreaterThanOrEqual(1);

    const windowState = () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible()));
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
    expect(await windowState()).toEqual([false]);
    const hiddenAt = await recorded();
    await expect.poll(recorded, { timeout: 15_000 }).toBeGreaterThanOrEqual(hiddenAt + 2);
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());
    expect(await windowState()).toEqual([true]);

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => uploads().length, { timeout: 30_000 }).toBe(before + 1);
    // At least 3 s of 16 kHz 16-bit mono reached the service.
    expect(uploads().at(-1)?.size).toBeGreaterThan(3 * 32_000);
  });

  step('quits cleanly, leaving a log without the key', async () => {
    const closed = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
    await app.evaluate(({ app: electronApp }) => electronApp.quit());
    await closed;
    const logged = readFileSync(path.join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(logged).not.toContain(fake.keys.pro);
  });
});
