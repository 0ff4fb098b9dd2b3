import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { audioFixtures } from '../support/audio';
import { openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import { WEB_ENTRY } from '../support/web-app';
import { CLOCK_TICKS, type ProcessUsage, descendants, ticksBetween } from './process-usage';

const WINDOW_SECONDS = 60;
const MEMORY_EVERY_SECONDS = 20;
const MB = 1024 * 1024;

// Who does what: the harness's Node process is main; the page's work is its renderer and the
// utility process that runs Chromium's audio service (capture).
const isMain = (usage: ProcessUsage) => usage.command.includes(WEB_ENTRY);
const isRenderer = (usage: ProcessUsage) => usage.command.includes('--type=renderer');
const isAudio = (usage: ProcessUsage) => usage.command.includes('--type=utility') && usage.command.includes('AudioService');
const isPage = (usage: ProcessUsage) => isRenderer(usage) || isAudio(usage);

interface Usage {
  seconds: number;
  main: number;
  renderer: number;
  audio: number;
  /** Chromium's other processes (browser, GPU, network), not charged to the page. */
  rest: number;
}

/** CPU of main and of the page over the time `wait` takes, as shares of one core. */
async function measure(wait: () => Promise<unknown>): Promise<Usage> {
  const before = descendants();
  const started = performance.now();
  await wait();
  const seconds = (performance.now() - started) / 1000;
  const after = descendants();
  const share = (pick: (usage: ProcessUsage) => boolean) => ticksBetween(before, after, pick) / CLOCK_TICKS / seconds;
  const isChromium = (usage: ProcessUsage) => usage.command.includes('chromium') && !isPage(usage);
  return { seconds, main: share(isMain), renderer: share(isRenderer), audio: share(isAudio), rest: share(isChromium) };
}

/** Waits until the recorder's elapsed time reads at least `seconds` (it counts whole seconds). */
export const elapsedReaches = (page: Page, seconds: number) =>
  page.waitForFunction(
    (target) => {
      const text = document.querySelector('[role="timer"]')?.textContent ?? '';
      return text.split(':').reduce((total, part) => total * 60 + Number(part), 0) >= target;
    },
    seconds,
    { polling: 250, timeout: (seconds + 30) * 1000 },
  );

/** The page's live JavaScript heap after a full collection, so growth is what is kept, not garbage not yet collected. */
async function liveHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / MB;
}

const rss = (pick: (usage: ProcessUsage) => boolean) => descendants().filter(pick).reduce((sum, usage) => sum + usage.rssBytes, 0) / MB;

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/**
 * Issue 27's CPU figure, main + page: the browser harness with Chromium's fake microphone playing
 * speech, the recorder screen idle for WINDOW_SECONDS, then a recording started through the real
 * UI and timed by the elapsed time it shows for as long again. What recording costs is each
 * window's CPU minus the idle one's. The harness records one track: system audio is Electron's.
 */
export async function recordingPageBench(): Promise<string[]> {
  const audio = await audioFixtures();
  try {
    const rig = await openRecorderRig({ wav: await speechForCapture(audio) });
    try {
      const { page } = rig;
      await openRecorder(page);
      await skipNamePrompt(page);
      const start = page.getByRole('button', { name: 'Start recording' });
      await start.waitFor();
      const idle = await measure(() => sleep(WINDOW_SECONDS * 1000));
      const load = [loadavg()[0]!];

      await start.click();
      await elapsedReaches(page, 1);
      const memory: string[] = [];
      const recording = await measure(async () => {
        for (let at = 1; at <= WINDOW_SECONDS + 1; at += MEMORY_EVERY_SECONDS) {
          if (at > 1) await elapsedReaches(page, at);
          const heap = await liveHeap(page);
          memory.push(`${at - 1} s: renderer ${rss(isRenderer).toFixed(1)} MB (page's live heap ${heap.toFixed(1)} MB), audio ${rss(isAudio).toFixed(1)} MB, main ${rss(isMain).toFixed(1)} MB`);
        }
      });
      load.push(loadavg()[0]!);
      await page.getByRole('button', { name: 'Stop' }).click();
      await start.waitFor({ timeout: 30_000 });

      const cost = (key: keyof Omit<Usage, 'seconds'>) => recording[key] - idle[key];
      const pageCost = cost('renderer') + cost('audio');
      const both = (key: keyof Omit<Usage, 'seconds'>) => `${percent(recording[key])} − ${percent(idle[key])}`;
      return [
        `recording: CPU of recording one track in the browser harness (${recording.seconds.toFixed(1)} s shown recording minus ${idle.seconds.toFixed(1)} s idle on the recorder) → ` +
          `main ${percent(cost('main'))}, page ${percent(pageCost)} (renderer ${percent(cost('renderer'))}, audio service ${percent(cost('audio'))}), ` +
          `sum ${percent(cost('main') + pageCost)} of one core; recording − idle: main ${both('main')}, renderer ${both('renderer')}, audio ${both('audio')}, ` +
          `Chromium's other processes ${both('rest')} (load ${load.map((value) => value.toFixed(1)).join(' → ')}) (target ≤ 5 %)`,
        `recording: memory while recording in the browser harness, RSS → ${memory.join('; ')}`,
      ];
    } finally {
      await rig.close();
    }
  } finally {
    await audio.close();
  }
}
