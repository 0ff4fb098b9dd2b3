import { availableParallelism, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import type { Bridge } from './chat-bridge';
import type { BenchWindow } from './chat-page';
import type { startRawClient } from './chat-raw-client';
import type { Served, ServiceWorker } from './chat-service-worker';
import { paragraphsOf } from './chat-text';
import { percentile } from './text';

/** What every part of the chat bench works with: one browser page, one app, one fake service. */
export interface Env {
  browser: Browser;
  page: Page;
  fake: ServiceWorker;
  bridge: Bridge;
  raw: ReturnType<typeof startRawClient>;
}

/** The fake service's record of the chat request made after `before` were: when it came and when its response closed. */
export async function lastServed(served: Served[], before: number): Promise<Served> {
  for (let i = 0; i < 100 && served.length <= before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return served.at(-1) ?? { at: NaN, closedAt: NaN };
}

/** Other work on the machine slows every figure here: say how busy it was. */
export const machine = (when: string) =>
  `chat: ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the ${when} (other processes compete with the app, Chromium and the fake service)`;

export const count = (n: number) => n.toLocaleString('en');
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const median = (values: number[]) => percentile(values, 50);

export async function newChat(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^New chat/ }).click();
  await page.getByRole('heading', { name: 'New chat' }).waitFor();
}

/** Sends `said` in a new chat by clicking Send; in-page times from the click to the complete reply. */
export async function sendInNewChat(page: Page, said: string) {
  await newChat(page);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(said);
  await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.armSend());
  return sent(page);
}

/** In-page times of the click, of the intent leaving for main (NaN if unseen), and of the complete reply. */
export async function sent(page: Page): Promise<{ sendAt: number; intentAt: number; doneAt: number }> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const { sendAt, intentAt, doneAt } = await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.sendDone());
  if (sendAt === null) throw new Error('the click on Send was not seen in the page');
  if (doneAt === null) throw new Error('no reply was complete 120 s after Send');
  return { sendAt, intentAt: intentAt ?? NaN, doneAt };
}

/** Whether the last reply's rendered blocks are the paragraphs of `reply`, whitespace normalised. */
export async function renderedExactly(page: Page, reply: string): Promise<{ exact: boolean; note: string }> {
  const rendered = await page.evaluate(() => (window as unknown as BenchWindow).__chatBench.lastReplyText());
  if (!rendered) return { exact: false, note: 'no reply on screen' };
  const shown = rendered.blocks.map((block) => block.replace(/\s+/g, ' ').trim());
  const expected = paragraphsOf(reply);
  const exact = shown.join('\n\n') === expected.join('\n\n');
  // Also the whole textContent, which joins blocks without a separator.
  const whole = rendered.textContent.replace(/\s+/g, '') === reply.replace(/\s+/g, '');
  if (exact && whole) return { exact: true, note: '' };
  const at = shown.findIndex((block, i) => block !== expected[i]);
  return { exact: false, note: ` (${shown.length} blocks shown of ${expected.length}; first difference in block ${at})` };
}
