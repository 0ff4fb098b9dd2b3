import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { RequestLogEntry } from '../fake-service/script';
import { type FakeService, startFakeService } from '../fake-service/server';
import { makeWav } from '../fake-service/testing';
import { launchChromium } from '../support/browser';
import { type WebApp, startWebApp } from '../support/web-app';
import { openBridge } from './chat-bridge';
import { ms } from './text';

const ROUNDS = 5;

/**
 * Issue 13, item 2: a 24 MB recording from the page to the service, in the browser harness
 * (picked with the file input, Debian's Chromium, the built renderer), against the same file
 * sent by a raw multipart upload from Node to the same fake service, in the same run. Both
 * are timed until the fake service has read the whole upload and answered; the figure is
 * the ratio of the medians of alternating rounds, and of the best rounds (the least disturbed
 * on a loaded machine). Printed; nothing here fails a run.
 */
export async function uploadBench(): Promise<string[]> {
  const lines = [machine('start')];
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-upload-'));
  let fake: FakeService | undefined;
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  /** Resolves the wait for the next transcription request the fake has finished answering. */
  let served: ((entry: RequestLogEntry) => void) | null = null;
  const nextServed = () => new Promise<RequestLogEntry>((resolve) => (served = resolve));
  try {
    const path = join(dir, 'meeting.wav');
    const bytes = makeWav(786_000); // 16 kHz mono 16-bit: 24.0 MB, under the service's 25 MB
    await writeFile(path, bytes);
    fake = await startFakeService({
      onRequest: (entry) => {
        if (entry.path.startsWith('/v1/audio/transcriptions')) served?.(entry);
      },
    });
    app = await startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: join(dir, 'data') });
    const bridge = await openBridge(app);
    // For this run only: a bench must never replace a key in the user's own keychain.
    await bridge.invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });
    await bridge.invoke('settings:update', { plan: 'pro' });
    bridge.close();

    browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(app.url);
    const transcribe = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Transcribe', exact: true });

    const fromPage = async () => {
      await transcribe.click();
      await page.getByRole('heading', { name: 'Transcribe', level: 1 }).waitFor();
      const heard = nextServed();
      const started = performance.now();
      const startedAt = Date.now();
      await page.getByLabel('Choose recordings').setInputFiles(path);
      const entry = await heard;
      const elapsed = performance.now() - started;
      // Until main's request to the service began: the copy into main, recognising it, starting the job.
      staging.push(entry.at - startedAt);
      await page.getByRole('heading', { name: 'meeting.wav', level: 1 }).waitFor();
      return { elapsed, size: (entry.body as { file: { size: number } | null }).file?.size };
    };
    const raw = async () => {
      const heard = nextServed();
      const started = performance.now();
      const form = new FormData();
      form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'meeting.wav');
      form.append('model', 'speech-1');
      form.append('response_format', 'json');
      const response = await fetch(`${fake!.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { Authorization: `Bearer ${fake!.keys.pro}` }, body: form });
      await response.text();
      const entry = await heard;
      return { elapsed: performance.now() - started, size: (entry.body as { file: { size: number } | null }).file?.size };
    };

    const staging: number[] = [];
    const appTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [times, run] of [[rawTimes, raw], [appTimes, fromPage]] as const) {
        const { elapsed, size } = await run();
        if (size !== bytes.length) throw new Error(`the fake service received ${size} bytes of ${bytes.length}`);
        times.push(elapsed);
      }
    }
    const [appMedian, rawMedian] = [median(appTimes), median(rawTimes)];
    lines.push(`upload: ${(bytes.length / 1024 / 1024).toFixed(1)} MB WAV, ${ROUNDS} rounds each, alternating`);
    lines.push(`upload: raw multipart from Node to the fake service: median ${ms(rawMedian)} (${rawTimes.map(ms).join(', ')})`);
    lines.push(`upload: picked in the page → staged → uploaded by main: median ${ms(appMedian)} (${appTimes.map(ms).join(', ')})`);
    lines.push(`upload: of which until main's upload to the service began (staging): median ${ms(median(staging))} (${staging.map(ms).join(', ')})`);
    lines.push(`upload: app ÷ raw multipart = ${(appMedian / rawMedian).toFixed(2)} by medians, ${(Math.min(...appTimes) / Math.min(...rawTimes)).toFixed(2)} best against best (target ≤ 1.5)`);
    lines.push(machine('end'));
  } finally {
    await browser?.close().catch(() => {});
    await app?.stop();
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function machine(when: string): string {
  const [one, five] = loadavg();
  return `upload: machine at ${when}: ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min)`;
}
