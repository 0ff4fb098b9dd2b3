import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { TranscriptNotes } from '../../shared/contract/notes';
import { createHistoryStore } from '../../electron/core/services/history/history-store';
import { NOTES_HEAD, RETRY_HEAD } from '../fake-service/notes';
import { type FakeService, startFakeService } from '../fake-service/server';
import { launchChromium } from '../support/browser';
import { longMeeting } from '../support/spoken-record';
import { WEB_ENTRY, startWebApp, type WebApp } from '../support/web-app';
import { type Bridge, openBridge } from './chat-bridge';
import { clickToPlaying } from './cited-playback';
import { descendants } from './process-usage';
import { ms } from './text';

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const run = promisify(execFile);

/**
 * The meeting's recording, so a note's link plays: three hours of 16 kHz mono MP3 (a dropped file,
 * 43 MB; the words do not match it, the seeking is what counts), a minute of pink noise with
 * pauses encoded once and repeated by ffmpeg without re-encoding.
 */
async function threeHoursMp3(dir: string): Promise<string> {
  const minute = join(dir, 'minute.mp3');
  const path = join(dir, 'three hours.mp3');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=60:c=pink:r=16000:a=0.3', '-af', "volume='if(lt(mod(t,7),5),1,0.02)':eval=frame", '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k', minute]);
  await run('ffmpeg', ['-v', 'error', '-stream_loop', '179', '-i', minute, '-c', 'copy', path]);
  return path;
}

/**
 * Issue 37's notes figures against the web harness and the fake: from the fake's last bytes of a
 * part's answer to that part's last item on screen (the items before it are shown while the
 * answer streams), main's memory while a 3-hour transcript's notes are made part by part, and
 * then a click on an item's time link → its recording audible (cited-playback.ts).
 */
export async function notesBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-bench-notes-'));
  const lines = [`notes: load average ${loadavg()[0]!.toFixed(1)} at the start`];
  let fake: FakeService | undefined;
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  let bridge: Bridge | undefined;
  try {
    const store = createHistoryStore(join(dataDir, 'history.sqlite'));
    store.transcripts.put({ ...longMeeting('bench', 3), fileName: 'three hours.mp3', createdAt: Date.now() }, await threeHoursMp3(dataDir));
    const rows = store.transcripts.rows.rowsOf('bench').length;
    store.close();
    fake = await startFakeService();
    app = await startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
    bridge = await openBridge(app);
    // For this run only: a bench must never replace a key in the user's own keychain.
    await bridge.invoke('secrets:setKey', { key: fake.keys.free, memoryOnly: true });
    // One part at a time, so the first part's items are the first six on screen.
    await bridge.invoke('settings:update', { partsInFlight: 1 });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    // Each note item's arrival on screen, on the wall clock the fake's log uses too.
    await context.addInitScript(() => {
      const times: number[] = [];
      (window as unknown as { __items: number[] }).__items = times;
      new MutationObserver(() => {
        const count = document.querySelectorAll('.note-items > li').length;
        while (times.length < count) times.push(Date.now());
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(app.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'three hours.mp3' }).click();
    const panel = page.getByRole('region', { name: 'Notes' });

    const main = () => descendants().find((usage) => usage.command.includes(WEB_ENTRY));
    const sample = () => ({ at: Date.now(), bytes: main()?.rssBytes ?? 0 });
    const rss = [sample()];
    const sampler = setInterval(() => rss.push(sample()), 100);
    const started = Date.now();
    await panel.getByRole('button', { name: 'Make notes', exact: true }).click();
    await panel.getByRole('button', { name: 'Make notes again' }).waitFor({ timeout: 120_000 });
    const took = Date.now() - started;
    clearInterval(sampler);
    rss.push(sample());

    // The first part's answer: its items (one a section, two bad citations) are the first on screen.
    const asked = fake.requests.filter((entry) => entry.status === 200 && JSON.stringify(entry.body ?? '').includes(NOTES_HEAD) && !JSON.stringify(entry.body).includes(RETRY_HEAD));
    const first = asked[0]!;
    const perPart = 6;
    const shown = await page.evaluate(() => (window as unknown as { __items: number[] }).__items);
    const after = shown[perPart - 1]! - first.endedAt!;
    const afterFirst = rss.find((each) => each.at >= shown[perPart - 1]!)?.bytes ?? 0;
    lines.push(
      `notes: the fake's last bytes of a part's answer → its last item on screen ${ms(after)} (target ≤ 200 ms); the ${perPart - 1} before it shown while the answer streamed`,
      `notes: ${rows.toLocaleString('en')} rows (3 hours) in ${asked.length} parts, Make notes → done ${ms(took)}; main's RSS ${mb(rss[0]!.bytes)} before, ${mb(afterFirst)} once the first part was on screen, ${mb(rss.at(-1)!.bytes)} at the end (highest ${mb(Math.max(...rss.map((each) => each.bytes)))}) (target flat)`,
    );
    const notes = await bridge.invoke<TranscriptNotes>('notes:get', { transcriptId: 'bench' });
    lines.push(...(await clickToPlaying(page, panel, notes.items)));
  } finally {
    await browser?.close();
    bridge?.close();
    await app?.close();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return lines;
}
