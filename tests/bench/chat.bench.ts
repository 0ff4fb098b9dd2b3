import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { toJson } from '../../electron/core/services/history/export';
import type { ImportOutcome } from '../../shared/contract/history';
import { launchChromium, screenshot } from '../support/browser';
import { startWebApp, type WebApp } from '../support/web-app';
import { type Bridge, openBridge } from './chat-bridge';
import { type BenchWindow, type LongTask, PROBES, type ScrollRun } from './chat-page';
import { endToEnd } from './chat-end-to-end';
import { startRawClient } from './chat-raw-client';
import { type ServiceWorker, startServiceWorker } from './chat-service-worker';
import { type Env, count, lastServed, machine, newChat, renderedExactly, sent } from './chat-steps';
import { type TaskTimes, withTaskTimes } from './chat-trace';
import { FIRST_MARKER, LAST_MARKER, longConversation, plainReply } from './chat-text';
import { ms, percentile } from './text';

/**
 * Issue "Chat", item 6, measured in Debian's Chromium against the web harness and the fake
 * service (one of each for the whole bench):
 *  1. a 20,000-token reply at 1,000 tokens/s renders with no main-thread task over 50 ms, to the exact text;
 *  2. a fast stream's end-to-end time in the app is within 3 % of a raw HTTP client's, and the
 *     Send click reaches the service as a request in under 10 ms;
 *  3. a 5,000-message conversation opens in under 300 ms and scrolls smoothly.
 * Figures are printed beside their targets; nothing here fails a run. `npm run bench -- chat NAME`
 * runs one part (longReply, endToEnd, longConversationOpen).
 */
export async function chatBench(only = process.argv[3]): Promise<string[]> {
  const lines = [machine('start')];
  const dataDir = await mkdtemp(join(tmpdir(), 'confab-bench-chat-'));
  let fake: ServiceWorker | undefined;
  let app: WebApp | undefined;
  let bridge: Bridge | undefined;
  let browser: Browser | undefined;
  const raw = startRawClient();
  try {
    fake = await startServiceWorker();
    app = await startWebApp({ APP_BASE_URL: fake.baseUrl, APP_DATA_DIR: dataDir });
    bridge = await openBridge(app);
    // For this run only: a bench must never replace a key in the user's own keychain.
    await bridge.invoke('secrets:setKey', { key: fake.keys.pro, memoryOnly: true });

    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    await context.addInitScript(PROBES);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(app.url);
    await page.getByRole('heading', { name: 'New chat' }).waitFor();
    if (!(await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.longTasksSupported))) {
      lines.push('chat: this Chromium does not report long tasks; the long-task counts below are empty');
    }

    const env: Env = { browser, page, fake, bridge, raw };
    for (const part of [longReply, endToEnd, longConversationOpen]) {
      if (only && part.name !== only) continue;
      try {
        lines.push(...(await part(env)));
      } catch (error) {
        const shot = `chat-bench-${part.name}-failed`;
        await screenshot(page, shot).catch(() => {});
        const message = (error as Error).message.split('\n').filter(Boolean).slice(0, 3).join(' / ');
        lines.push(`chat: ${part.name} could not be measured: ${message} (screen: test-output/screens/${shot}.png)`);
      }
    }
    lines.push(machine('end'));
    if (errors.length) lines.push(`chat: the page logged ${errors.length} error(s), first: ${errors[0]}`);
  } finally {
    await browser?.close().catch(() => {});
    bridge?.close();
    await raw.close();
    await app?.stop();
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return lines;
}

/** The trace's view of the same tasks: the longest one, and whether the long ones computed or waited for a CPU. */
const cpu = (times: TaskTimes) =>
  `traced main-thread tasks: ${times.longByWall} over 50 ms of wall time, ${times.longByCpu} over 50 ms of CPU time ` +
  `(longest ${ms(times.maxWall)} wall, ${ms(times.maxCpu)} CPU); the main thread computed ${(times.busy * 100).toFixed(0)} % of the time`;

/** Long tasks as the page's PerformanceObserver saw them; `traced` adds the longest task of all, however short. */
const describeTasks = (tasks: LongTask[], traced: TaskTimes, note = '') => {
  const longest = Math.max(traced.maxWall, ...tasks.map((t) => t.duration));
  const total = tasks.reduce((sum, t) => sum + t.duration, 0);
  return `${tasks.length} long task${tasks.length === 1 ? '' : 's'} (longest ${ms(longest)}${tasks.length ? `, ${ms(total)} in all` : ''}${note})`;
};


/** Target 1: a 20,000-token reply at 1,000 tokens/s, no task over 50 ms, exact text. */
async function longReply({ browser, page, fake }: Env): Promise<string[]> {
  const tokens = 20_000;
  const reply = plainReply(tokens, 20);
  await fake.next({ reply, tokensPerSecond: 1000 });
  const before = fake.served.length;
  await newChat(page);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Tell me a very long story, please.');
  await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.armSend());
  const [{ sendAt, doneAt }, times] = await withTaskTimes(browser, page, async () => {
    const done = await sent(page);
    // Long-task entries are reported after their task: give the last ones time to arrive.
    await page.waitForTimeout(500);
    return done;
  });
  const { at, closedAt } = await lastServed(fake.served, before);
  const written = closedAt - at;
  const tasks = await page.evaluate(
    ([from, to]) => (window as unknown as BenchWindow).__chatBench.longTasksBetween(from, to),
    [sendAt, doneAt + 250] as const,
  );
  const { exact, note } = await renderedExactly(page, reply);
  const wall = doneAt - sendAt;
  return [
    `chat: ${count(tokens)} tokens at 1,000 tok/s — ${describeTasks(tasks, times, '; target none over 50 ms')}, ` +
      `final text exact: ${exact ? 'yes' : `NO${note}`}, ${(wall / 1000).toFixed(1)} s from Send to the complete reply ` +
      `(${count(Math.round(tokens / (wall / 1000)))} tok/s; the fake service took ${(written / 1000).toFixed(1)} s to write the stream)`,
    `chat:   ${cpu(times)}`,
  ];
}

/** Target 3: a 5,000-message conversation opens in under 300 ms and scrolls smoothly. */
async function longConversationOpen({ browser, page, bridge }: Env): Promise<string[]> {
  const size = 5000;
  const title = 'Bench: five thousand messages';
  const conversation = longConversation(size, title);
  const content = toJson(conversation);
  const seeding = performance.now();
  const staged = await bridge.stage('bench.json', 'import', content);
  if (!staged.ok) throw new Error(`staging refused the conversation: ${staged.problem}`);
  const outcome = await bridge.invoke<ImportOutcome>('history:import', { fileId: staged.file.fileId });
  if (!outcome.ok) throw new Error(`history:import refused the conversation: ${outcome.problem}`);
  const seeded = performance.now() - seeding;
  const lines = [`chat: seeded ${count(size)} messages (${(content.length / 1e6).toFixed(1)} MB of export JSON) staged and imported in ${ms(seeded)}`];

  await page.reload();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  const entry = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: title, exact: true });
  const listed = await entry.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (listed) return [...lines, ...(await openAndScroll(browser, page, title, `${count(size)}-message conversation`))];

  return [
    ...lines,
    `chat: ${count(size)}-message conversation open and scroll — NOT MEASURED: 5 s after a reload the sidebar does not list ` +
      `the imported conversation "${title}", so the renderer is not reading main's history (api.history.list)`,
  ];
}

/** From a new chat: opens `title` from the sidebar, then scrolls its messages to the top. */
async function openAndScroll(browser: Browser, page: Page, title: string, what: string): Promise<string[]> {
  await newChat(page);
  await page.waitForTimeout(300);
  await page.evaluate(([t, marker]) => (window as unknown as BenchWindow).__chatBench.armOpen(t, marker), [title, LAST_MARKER] as const);
  const [{ openAt, visibleAt }, openTimes] = await withTaskTimes(browser, page, async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: title, exact: true }).click();
    const open = await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.openDone());
    await page.waitForTimeout(500);
    return open;
  });
  if (visibleAt === null) return [`chat: ${what} — its last message was not on screen 15 s after the click`];
  const frames = await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.bigFrames);
  const answer = frames.filter((f) => f.at > openAt && f.at < visibleAt).sort((a, b) => b.chars - a.chars)[0];
  const split = answer
    ? `: main's answer (${(answer.chars / 1e6).toFixed(1)} MB over the bridge) reached the page after ${ms(answer.at - openAt)}, ` +
      `then ${ms(visibleAt - answer.at)} to parse and render`
    : '';
  const openTasks = await page.evaluate(
    ([from, to]) => (window as unknown as BenchWindow).__chatBench.longTasksBetween(from, to),
    [openAt, visibleAt] as const,
  );

  const jump = await scrollUp(browser, page, 'top', 60);
  await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.scrollToBottom());
  await page.waitForTimeout(1000);
  const steady = await scrollUp(browser, page, 'steady', 120);
  return [
    `chat: ${what} opened in ${ms(visibleAt - openAt)} (sidebar click to its last message on screen; target < 300 ms)${split}; ${describeTasks(openTasks, openTimes)} meanwhile`,
    `chat:   ${cpu(openTimes)}, from the click to 500 ms after`,
    `chat: scrolling it from the bottom to the top in 60 steps, one per frame (${jump.label}) — ${jump.figures} (target: smooth, frames near 16.7 ms and no long task)`,
    `chat:   ${cpu(jump.times)}`,
    `chat: scrolling it up steadily at 120 px a frame, ~7,200 px/s for 2 s (${steady.label}) — ${steady.figures}`,
    `chat:   ${cpu(steady.times)}`,
  ];
}

/**
 * Scrolls the list up one step per frame: 'top' from the bottom to the top in `steps` steps,
 * 'steady' by 120 px for `steps` frames. Frame intervals and long tasks are from those frames.
 */
async function scrollUp(browser: Browser, page: Page, how: 'top' | 'steady', steps: number) {
  const from = (await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.listInfo()))!.scrollTop;
  const step = how === 'top' ? Math.ceil(from / steps) : 120;
  const maxFrames = how === 'top' ? steps * 4 : steps;
  const [run, times] = await withTaskTimes(browser, page, async () => {
    const scrolled: ScrollRun = await page.evaluate(
      ([px, frames, marker]) => (window as unknown as BenchWindow).__chatBench.scrollUp(px, frames, marker),
      [step, maxFrames, FIRST_MARKER] as const,
    );
    await page.waitForTimeout(500);
    return scrolled;
  });
  const tasks = await page.evaluate(
    ([start, end]) => (window as unknown as BenchWindow).__chatBench.longTasksBetween(start, end),
    [run.startedAt, run.endedAt] as const,
  );
  const { intervals } = run;
  const missed = intervals.filter((interval) => interval > 25).length;
  return {
    label:
      `${count(Math.round(run.from - run.to))} px in ${run.frames} frames of ${count(step)} px` +
      (how === 'top' && !run.reachedTop ? ', did NOT reach the first message' : ''),
    figures:
      `frame interval p50 ${ms(percentile(intervals, 50))}, p95 ${ms(percentile(intervals, 95))}, max ${ms(Math.max(...intervals))}, ` +
      `${missed} of ${intervals.length} frames over 25 ms (a frame missed), ${describeTasks(tasks, times)}`,
    times,
  };
}
