import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { DEFAULT_SPLIT } from '../../renderer/transcription/long/cut-points';
import { launchChromium } from '../support/browser';
import { makeLongRecording } from '../support/long-audio';
import { startWebApp, type WebApp } from '../support/web-app';

/**
 * Issue "Long meeting recordings", item 1: the splitter's time per hour of audio and its
 * peak memory, measured in Debian's Chromium on the built renderer (the real worker bundle,
 * under the app's CSP): pass 1 (decode, levels, plan) and pass 2 (every part encoded to
 * Opus, one at a time, handed back and dropped), without uploads. Memory is read from the
 * renderer process (/proc VmHWM and VmRSS: the worker, its decoders and buffers all live
 * there) and the worker's own JS heap (CDP Runtime.getHeapUsage on the worker target).
 * Figures are printed; nothing here fails a run.
 */
export async function splitBench(): Promise<string[]> {
  const lines = [machine('start')];
  const dir = await mkdtemp(join(tmpdir(), 'confab-bench-split-'));
  let app: WebApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startWebApp();
    browser = await launchChromium();
    // SPLIT_BENCH_MINUTES=60 measures the hour alone.
    const only = Number(process.env.SPLIT_BENCH_MINUTES) || null;
    const cases = [
      { minutes: 60, name: 'meeting-60min.mp3', sampleRate: 22_050, bitrate: '64k' },
      { minutes: 180, name: 'meeting-3h.mp3', sampleRate: 22_050, bitrate: '64k' },
    ].filter((spec) => only === null || spec.minutes === only);
    for (const spec of cases) {
      const made = performance.now();
      const recording = await makeLongRecording(dir, spec);
      lines.push(`split: made ${spec.name} (${mb(recording.size)}, ${spec.sampleRate / 1000} kHz mono MP3 ${spec.bitrate}) in ${seconds(performance.now() - made)}`);
      try {
        lines.push(...(await measure(browser, app, recording.path, spec.minutes)));
      } catch (error) {
        lines.push(`split: ${spec.name} could not be measured: ${(error as Error).message.split('\n')[0]}`);
      }
      await rm(recording.path, { force: true });
    }
    lines.push(machine('end'));
  } finally {
    await browser?.close().catch(() => {});
    await app?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return lines;
}

interface PageResult {
  analysisMs: number;
  parts: Array<{ seconds: number; bytes: number; encodeMs: number }>;
  levelsBytes: number;
  cutsInPauses: number;
  cuts: number;
  totalSeconds: number;
}

/** Runs in the page: the worker from the app's own bundle, driven as the job drives it. */
const DRIVE = `async ({ worker, options }) => {
  const file = document.getElementById('bench-file').files[0];
  const splitter = new Worker(worker, { type: 'module' });
  let nextId = 1;
  const ask = (message) => new Promise((resolve, reject) => {
    const id = nextId++;
    const listen = (event) => {
      if (event.data.id !== id || event.data.type.endsWith('progress')) return;
      splitter.removeEventListener('message', listen);
      if (event.data.type === 'failed') reject(new Error(event.data.message)); else resolve(event.data);
    };
    splitter.addEventListener('message', listen);
    splitter.postMessage({ ...message, id });
  });
  const started = performance.now();
  const analysed = await ask({ type: 'analyze', file, options });
  const analysisMs = performance.now() - started;
  const parts = [];
  for (const part of analysed.plan.parts) {
    const encoded = await ask({ type: 'encode', file, index: part.index, startSample: part.startSample, endSample: part.endSample });
    parts.push({ seconds: (part.endSample - part.startSample) / analysed.plan.sampleRate, bytes: encoded.bytes.byteLength, encodeMs: encoded.encodeMs });
  }
  splitter.terminate();
  return {
    analysisMs,
    parts,
    levelsBytes: analysed.stats.levelsBytes,
    cuts: analysed.plan.cuts.length,
    cutsInPauses: analysed.plan.cuts.filter((cut) => cut.pause !== null).length,
    totalSeconds: analysed.plan.totalSamples / analysed.plan.sampleRate,
  };
}`;

async function measure(browser: Browser, app: WebApp, path: string, minutes: number): Promise<string[]> {
  const assets = await readdir(join(process.cwd(), 'dist', 'renderer', 'assets'));
  const worker = assets.find((name) => /^split\.worker-.*\.js$/.test(name));
  if (!worker) throw new Error('dist/renderer has no splitter worker: run `npx vite build` first');

  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'New chat' }).waitFor({ timeout: 20_000 });
    await page.evaluate(`(() => { const input = document.createElement('input'); input.type = 'file'; input.id = 'bench-file'; document.body.append(input); })()`);
    await page.setInputFiles('#bench-file', path);

    const browserSession = await browser.newBrowserCDPSession();
    const renderers = await rendererPids(browserSession);
    const baseline = new Map(renderers.map((pid) => [pid, memoryOf(pid)]));
    const heap = await workerHeapProbe(page.context(), page);

    const sampler = sampleWhile(renderers, heap);
    const started = performance.now();
    const result = (await page.evaluate(`(${DRIVE})(${JSON.stringify({ worker: `./assets/${worker}`, options: DEFAULT_SPLIT })})`)) as PageResult;
    const wall = performance.now() - started;
    const samples = await sampler.stop();
    await browserSession.detach();

    // The page's renderer is the one that grew; the others are Chromium's own.
    const grown = renderers
      .map((pid) => ({ pid, before: baseline.get(pid)!, peak: memoryOf(pid).hwm, rssPeak: samples.rss.get(pid) ?? 0 }))
      .sort((a, b) => b.peak - b.before.hwm - (a.peak - a.before.hwm))[0]!;
    const encodeMs = result.parts.reduce((sum, part) => sum + part.encodeMs, 0);
    const hours = result.totalSeconds / 3600;
    const sizes = result.parts.map((part) => part.bytes);
    const label = `${minutes} min`;
    return [
      `split ${label}: pass 1 (decode + levels + plan) ${seconds(result.analysisMs)} (${(result.totalSeconds / (result.analysisMs / 1000)).toFixed(0)}× real time); ` +
        `pass 2 (${result.parts.length} parts to Opus) ${seconds(encodeMs)}; total ${seconds(wall)} = ${seconds(wall / hours)} per audio hour`,
      `split ${label}: parts ${result.parts.map((p) => `${(p.seconds / 60).toFixed(1)} min/${mb(p.bytes)}`).join(', ')} (largest ${mb(Math.max(...sizes))}, limit 25.0 MB); ` +
        `${result.cutsInPauses} of ${result.cuts} cuts in pauses; levels kept: ${(result.levelsBytes / 1024).toFixed(0)} KB`,
      `split ${label}: renderer process peak RSS ${mb(grown.peak * 1024)} (before ${mb(grown.before.rss * 1024)}, sampled peak ${mb(grown.rssPeak * 1024)}); ` +
        `splitter worker JS heap peak ${samples.heapPeak === null ? 'not measurable here' : mb(samples.heapPeak)}`,
    ];
  } finally {
    await context.close();
  }
}

/** The renderer processes of the browser, from Chromium's own process list. */
async function rendererPids(session: CDPSession): Promise<number[]> {
  const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

/** VmRSS and VmHWM (the peak resident size so far) of a process, in KB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/**
 * The splitter worker's JS heap through CDP: the page's session auto-attaches to its
 * workers (flatten off, so messages go through Target.sendMessageToTarget), and
 * Runtime.getHeapUsage is asked of the worker while it runs.
 */
async function workerHeapProbe(context: import('playwright-core').BrowserContext, page: import('playwright-core').Page) {
  const session = await context.newCDPSession(page);
  let workerSession: string | null = null;
  let nextId = 1;
  const answers = new Map<number, (value: { usedSize: number } | null) => void>();
  session.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type === 'worker') workerSession = event.sessionId;
    void session.send('Target.sendMessageToTarget', { sessionId: event.sessionId, message: JSON.stringify({ id: nextId++, method: 'Runtime.runIfWaitingForDebugger' }) }).catch(() => {});
  });
  session.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
    if (event.sessionId === workerSession) workerSession = null;
  });
  session.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
    if (message.id !== undefined) answers.get(message.id)?.(message.result ?? null);
  });
  await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return {
    async read(): Promise<number | null> {
      if (!workerSession) return null;
      const id = nextId++;
      const answer = new Promise<{ usedSize: number } | null>((resolve) => {
        answers.set(id, resolve);
        setTimeout(() => resolve(null), 1000);
      });
      await session.send('Target.sendMessageToTarget', { sessionId: workerSession, message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }) }).catch(() => {});
      const result = await answer;
      answers.delete(id);
      return result?.usedSize ?? null;
    },
    detach: () => session.detach().catch(() => {}),
  };
}

function sampleWhile(pids: number[], heap: Awaited<ReturnType<typeof workerHeapProbe>>) {
  const rss = new Map<number, number>();
  let heapPeak: number | null = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const pid of pids) rss.set(pid, Math.max(rss.get(pid) ?? 0, memoryOf(pid).rss));
      const used = await heap.read();
      if (used !== null) heapPeak = Math.max(heapPeak ?? 0, used);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await heap.detach();
      return { rss, heapPeak };
    },
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function machine(when: string): string {
  const [one, five] = loadavg();
  return `split: machine at ${when}: ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min)`;
}
