import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { TranscriptRecord } from '../../shared/contract/transcription';
import { createPeakReader } from '../../electron/core/services/audio-split';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { createWaveforms } from '../../electron/core/services/waveform/waveform-service';
import { launchChromium } from '../support/browser';
import { startWebApp, type WebApp } from '../support/web-app';
import { speech } from './subtitles.bench';
import { ms } from './text';

const run = promisify(execFile);
const HOURS = 3;

/**
 * A three-hour recording as Confab records a track (16 kHz mono WAV, 345 MB): a minute of
 * pink noise, with pauses, repeated by ffmpeg without re-encoding.
 */
async function threeHours(dir: string): Promise<string> {
  const minute = join(dir, 'minute.wav');
  const path = join(dir, 'three hours.wav');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=60:c=pink:r=16000:a=0.3', '-af', "volume='if(lt(mod(t,7),5),1,0.02)':eval=frame", '-ac', '1', '-c:a', 'pcm_s16le', minute]);
  await run('ffmpeg', ['-v', 'error', '-stream_loop', String(HOURS * 60 - 1), '-i', minute, '-c', 'copy', path]);
  return path;
}

function transcriptOf(seconds: number): TranscriptRecord {
  const all = speech(40_000);
  const words = all.filter((word) => word.end < seconds - 1);
  const text = words.map((word) => word.word).join('').trim();
  return {
    id: 'bench',
    fileName: 'three hours.wav',
    createdAt: Date.now(),
    request: { model: 'speech-1', language: '', prompt: '', responseFormat: 'verbose_json', granularities: ['word'] },
    transcript: { format: 'verbose_json', text, raw: JSON.stringify({ text, words, duration: seconds }), language: 'en', duration: seconds, segments: [], words },
  };
}

/**
 * Issue 38's waveform figures. In main (node): a three-hour recording's peaks read once in a
 * splitter process (its time and the process's peak memory), then found again in the data
 * folder. In Debian's Chromium against the web harness: the editor opened on that transcript
 * with its waveform drawn, and a region's edge dragged, every frame timed (rAF deltas) and the
 * page's long tasks counted.
 */
export async function waveformBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-bench-waveform-'));
  const lines = [`waveform: load average ${loadavg()[0]!.toFixed(1)} at the start`];
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  try {
    const audio = await threeHours(dataDir);
    const store = createHistoryStore(join(dataDir, 'history.sqlite'));
    const record = transcriptOf(HOURS * 3600);
    store.transcripts.put(record, audio);
    store.close();
    const peakRss: number[] = [];
    const reader = createPeakReader({ onPeakRss: (kib) => peakRss.push(kib) });
    const waveforms = createWaveforms({ dir: join(dataDir, 'waveforms'), audioPath: () => audio, reader });
    let started = performance.now();
    const first = await waveforms.chunk('bench', 0);
    const readMs = performance.now() - started;
    started = performance.now();
    await createWaveforms({ dir: join(dataDir, 'waveforms'), audioPath: () => audio, reader }).chunk('bench', 0);
    const keptMs = performance.now() - started;
    // A zoomed-in view's stretch 2.5 hours in, as the closest zoom asks it: three canvases of 100 ms in a pair per pixel.
    started = performance.now();
    await waveforms.stretch('bench', { fromMs: 9_000_000, toMs: 9_000_300, pairs: 2400 });
    const stretchMs = performance.now() - started;
    await reader.close();
    lines.push(
      `waveform: peaks of a ${HOURS}-hour 16 kHz WAV (${first!.windows.toLocaleString('en')} windows of ${first!.windowMs} ms, ${((first!.windows * 2) / 1e6).toFixed(1)} MB kept) read once in a splitter process in ${(readMs / 1000).toFixed(1)} s, its peak memory ${(peakRss[0]! / 1024).toFixed(0)} MB; found again in the data folder (first chunk) in ${ms(keptMs)}`,
      `waveform: a 100 ms view's stretch (300 ms in 2,400 pairs) 2.5 hours into the recording, read from it in a splitter process in ${ms(stretchMs)} (load ${loadavg()[0]!.toFixed(1)})`,
    );

    app = await startWebApp({ APP_DATA_DIR: dataDir });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    await context.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'three hours.wav' }).click();
    await page.getByRole('button', { name: 'Edit transcript' }).waitFor({ timeout: 60_000 });
    // From the click on Edit transcript to the first row and the waveform's first canvas drawn (inside its shadow root).
    // From the click on Edit transcript to the first row, and to the waveform drawn (it is busy until
    // then), in the page's clock. A string, so tsx's transform (its __name helper) stays out of the page.
    const opened = (await page.evaluate(`new Promise((resolve) => {
      let rows = 0;
      const observer = new MutationObserver(() => {
        if (!rows && document.querySelector('[data-row="0"]')) rows = performance.now();
        if (rows && document.querySelector('.ed-wave-box[aria-busy="false"]')) {
          observer.disconnect();
          resolve({ rows: rows - clicked, wave: performance.now() - clicked });
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
      const clicked = performance.now();
      [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === 'Edit transcript').click();
    })`)) as { rows: number; wave: number };
    lines.push(`waveform: Edit transcript click → the first row on screen ${ms(opened.rows)}, the ${HOURS}-hour waveform drawn ${ms(opened.wave)} (target < 300 ms)`);

    // Once the 10 ms peaks have taken the overview's place (they come after it is drawn), zoomed in until rows have regions, then a region's end dragged 100 px back and 200 px on, every frame timed.
    await page.locator('.ed-wave-box[data-pair-ms="10"]').waitFor({ timeout: 60_000 });
    await page.getByRole('slider', { name: 'Zoom' }).fill('0.6');
    const handle = page.locator('.ed-wave-box [part~="region-handle-right"]').nth(2);
    await handle.waitFor();
    const grip = (await handle.boundingBox())!;
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__framing = true;
      let last = performance.now();
      const frame = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__framing) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })()`);
    const from = await page.evaluate(() => performance.now());
    const x = grip.x + grip.width / 2;
    const y = grip.y + grip.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 100, y, { steps: 40 });
    await page.mouse.move(x + 100, y, { steps: 40 });
    await page.mouse.up();
    await page.getByRole('status').getByText('All edits saved').waitFor();
    const result = await page.evaluate((since) => {
      const w = window as unknown as { __frames: number[]; __framing: boolean; __longTasks: Array<{ start: number; duration: number }> };
      w.__framing = false;
      return { frames: w.__frames.slice(1), long: w.__longTasks.filter((task) => task.start + task.duration > since) };
    }, from);
    const worst = Math.max(...result.frames);
    lines.push(
      `waveform: dragging a region's edge 100 px back and 200 px on (80 pointer moves) and main's retime answered on the ${HOURS}-hour waveform: ${result.frames.length} frames, the longest ${ms(worst)}, ${result.long.length} main-thread tasks over 50 ms (target: no frame over 50 ms)`,
    );
    // Zoomed in to 100 ms across: until its canvases are drawn from the recording's samples.
    started = performance.now();
    await page.getByRole('slider', { name: 'Zoom' }).fill('1');
    await page.locator('.ed-wave-box[data-fine-pair-ms]').waitFor();
    lines.push(`waveform: zoomed to 100 ms across → the view drawn from the recording's samples ${ms(performance.now() - started)} (load ${loadavg()[0]!.toFixed(1)}; the 10 ms peaks are drawn until then)`);
  } finally {
    await browser?.close();
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return lines;
}
