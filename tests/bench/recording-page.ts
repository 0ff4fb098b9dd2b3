import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { audioFixtures } from '../support/audio';
import { openRecorder, openRecorderRig, skipNamePrompt, speechForCapture } from '../support/recorder';
import { WEB_ENTRY } from '../support/web-app';
import { CLOCK_TICKS, type ProcessUsage, descendants, threadNames, ticksBetween } from './process-usage';

/** How long the recording is measured: the 10 minutes unless `CONFAB_BENCH_RECORDING_MINUTES` says (1 to iterate, 60 for memory). */
const RECORDING_SECONDS = Math.round((Number(process.env.CONFAB_BENCH_RECORDING_MINUTES) || 10) * 60);
/** The idle window the recording is compared with: a rate, so a minute is enough whatever the recording's length. */
const IDLE_SECONDS = 60;
/**
 * Memory is read at the start and every twelfth of the recording (every 5 minutes of an hour), at
 * least 20 s apart: each reading is a full garbage collection, charged to the recording's CPU.
 */
const MEMORY_EVERY_SECONDS = Math.max(20, Math.round(RECORDING_SECONDS / 12));
const MB = 1024 * 1024;

// Who does what: the harness's Node process is main; the page's work is its renderer and the
// utility process that runs Chromium's audio service (capture).
const isMain = (usage: ProcessUsage) => usage.command.includes(WEB_ENTRY);
const isRenderer = (usage: ProcessUsage) => usage.command.includes('--type=renderer');
const isAudio = (usage: ProcessUsage) => usage.command.includes('--type=utility') && usage.command.includes('AudioService');
const isPage = (usage: ProcessUsage) => isRenderer(usage) || isAudio(usage);
// Of the renderers (three here), the app page's is the one that captures: Chromium names its
// microphone thread so. The others (a spare, the tab's first about:blank) do not record.
const isCapturing = (usage: ProcessUsage) => isRenderer(usage) && threadNames(usage.pid).includes('AudioInputDevic');

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

/** The elapsed times shown (the first second is the start) when memory is read: every MEMORY_EVERY_SECONDS, and the end. */
function memoryPoints(): number[] {
  const points: number[] = [];
  for (let at = 1; at < RECORDING_SECONDS + 1; at += MEMORY_EVERY_SECONDS) points.push(at);
  return [...points, RECORDING_SECONDS + 1];
}

/** A time into the recording as m:ss. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const percent = (share: number) => `${(share * 100).toFixed(2)} %`;

/**
 * Issue 27's CPU figure, main + page: the browser harness with Chromium's fake microphone playing
 * speech, the recorder screen idle for IDLE_SECONDS, then a recording started through the real
 * UI and timed by the elapsed time it shows for RECORDING_SECONDS. What recording costs is the
 * recording window's CPU minus the idle one's, each a share of a core. The harness records one
 * track: system audio is Electron's.
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
      const idle = await measure(() => sleep(IDLE_SECONDS * 1000));
      const load = [loadavg()[0]!];

      await start.click();
      await elapsedReaches(page, 1);
      const memory: string[] = [];
      const recording = await measure(async () => {
        for (const at of memoryPoints()) {
          if (at > 1) await elapsedReaches(page, at);
          const heap = await liveHeap(page);
          memory.push(`${clock(at - 1)}: renderers ${rss(isRenderer).toFixed(1)} MB (the app page's ${rss(isCapturing).toFixed(1)} MB, its live heap ${heap.toFixed(1)} MB), audio ${rss(isAudio).toFixed(1)} MB, main ${rss(isMain).toFixed(1)} MB`);
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
