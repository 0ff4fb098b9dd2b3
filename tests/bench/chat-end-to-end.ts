import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import type { ChatScript } from '../fake-service/server';
import { type Env, count, lastServed, median, renderedExactly, seconds, sendInNewChat } from './chat-steps';
import { plainReply } from './chat-text';
import { ms, percentile } from './text';

const ROUNDS = 7;
const SENDS = 15;

/**
 * The app's end-to-end time for a fast stream against a raw SSE client's, and the Send click
 * to the request at the service. Fair to both sides: the same stream from the same service
 * (paced by its own clock, in its own thread, so that the app's and Chromium's CPU use does
 * not slow the stream the app reads and not the raw client's), with the page open in both,
 * in alternating rounds of one run, compared by medians, with the load average printed.
 */
export async function endToEnd({ page, fake, raw }: Env): Promise<string[]> {
  const tokens = 4000;
  const reply = plainReply(tokens, 40);
  // 16-character deltas (about 2,000 tokens/s), one due every millisecond by the service's clock.
  const script: ChatScript = { reply, chunkSize: 16, intervalMs: 1, clockPaced: true };
  const writes = { app: [] as number[], raw: [] as number[] };
  const rawRun = async () => {
    await fake.next(script);
    const before = fake.served.length;
    const read = await raw.read({ baseUrl: fake.baseUrl, key: fake.keys.pro, said: 'Stream this quickly.' });
    if (read.text !== reply) throw new Error('the raw client read a different text');
    const { at, closedAt } = await lastServed(fake.served, before);
    writes.raw.push(closedAt - at);
    return read.ms;
  };
  // The page's clock on the same epoch as Date.now() (same machine), to place the fake
  // service's request and close between the app's send and done.
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  const appRun = async () => {
    await fake.next(script);
    const before = fake.served.length;
    const { sendAt, doneAt } = await sendInNewChat(page, 'Stream this quickly.');
    const { exact } = await renderedExactly(page, reply);
    if (!exact) throw new Error('the app rendered a different text');
    const { at, closedAt } = await lastServed(fake.served, before);
    writes.app.push(closedAt - at);
    return { total: doneAt - sendAt, start: at - (timeOrigin + sendAt), tail: timeOrigin + doneAt - closedAt };
  };
  await rawRun(); // warm-up, not counted: first connections, JIT, first render of a reply
  await appRun();
  writes.app.length = writes.raw.length = 0;
  const rawTimes: number[] = [];
  const app: Array<{ total: number; start: number; tail: number }> = [];
  const loads: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    loads.push(loadavg()[0]!);
    // Alternate which side goes first, so a machine getting busier or quieter favours neither.
    if (i % 2 === 0) {
      app.push(await appRun());
      rawTimes.push(await rawRun());
    } else {
      rawTimes.push(await rawRun());
      app.push(await appRun());
    }
  }
  const appTimes = app.map((run) => run.total);
  const ratio = median(appTimes) / median(rawTimes);
  const paired = median(appTimes.map((time, i) => time / rawTimes[i]!));
  const ends = median(app.map((run) => run.start)) + median(app.map((run) => run.tail));
  const list = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
  const { sends, inPage } = await sendToRequest(page, fake, timeOrigin);
  return [
    `chat: fast stream, ${count(tokens)} tokens (~${count(Math.round(tokens / (median(rawTimes) / 1000)))} tok/s): app ${seconds(median(appTimes))} ` +
      `(Send click to complete text in the DOM) vs raw fetch + eventsource-parser ${seconds(median(rawTimes))} (request to last delta), ` +
      `medians of ${ROUNDS} alternating rounds — ratio ${ratio.toFixed(3)} (target ≤ 1.03; median of the rounds' own ratios ${paired.toFixed(3)}; ` +
      `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
    `chat:   runs in s — app ${list(appTimes)}; raw ${list(rawTimes)}`,
    `chat:   the same stream both ways: the service wrote it in ${seconds(median(writes.app))} for the app, ${seconds(median(writes.raw))} for the raw client (medians)`,
    `chat:   app run, medians: Send click to the request at the service ${ms(median(app.map((run) => run.start)))}, ` +
      `the service's end to the complete text in the DOM ${ms(median(app.map((run) => run.tail)))}: the app's own latency at the two ends ${ms(ends)} ` +
      `(${((ends / median(rawTimes)) * 100).toFixed(1)} % of the raw client's time)`,
    `chat: Send click → the request at the service, ${SENDS} sends of a short message in a new chat: median ${ms(median(sends))}, ` +
      `p90 ${ms(percentile(sends, 90))}, fastest ${ms(Math.min(...sends))} (target < 10 ms; load average ${loadavg()[0]!.toFixed(1)}); ` +
      `of it, the click to the intent leaving the page ${ms(median(inPage))} (median), the rest the bridge, main and the request's way to the service`,
  ];
}

/** Short replies: how long each Send click takes to become a request at the service, and the page's part of it (ms). */
async function sendToRequest(page: Page, fake: Env['fake'], timeOrigin: number) {
  const sends: number[] = [];
  const inPage: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    await fake.next({ reply: 'A short answer.', chunkSize: 4, intervalMs: 1, clockPaced: true });
    const before = fake.served.length;
    const { sendAt, intentAt } = await sendInNewChat(page, 'Answer in three words.');
    const { at } = await lastServed(fake.served, before);
    sends.push(at - (timeOrigin + sendAt));
    inPage.push(intentAt - sendAt);
  }
  return { sends, inPage };
}
