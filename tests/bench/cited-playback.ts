import { loadavg } from 'node:os';
import type { Locator, Page } from 'playwright-core';
import type { NoteItem } from '../../shared/contract/notes';
import { ms } from './text';

/** Clicks timed: the notes' items with a time, spread over the recording. */
const CLICKS = 8;

/**
 * Issue 37's "clicking an item plays from its first cited row (±0.1 s, audible ≤ 0.5 s after the
 * click)": each of several items' time links clicked as a person does (Playwright's pointer), from
 * the click as the page receives it (the event's timeStamp) to the audio element's `playing`
 * event (the audio is decoded and plays), and where it played from against the item's first
 * cited row (its `startMs`). The audio is paused before each click, so each one seeks.
 */
export async function clickToPlaying(page: Page, panel: Locator, items: NoteItem[]): Promise<string[]> {
  const timed = items.filter((item) => item.startMs !== null && item.text && items.filter((other) => other.text === item.text).length === 1).sort((a, b) => a.startMs! - b.startMs!);
  const chosen = Array.from(new Set(Array.from({ length: Math.min(CLICKS, timed.length) }, (_, i) => timed[Math.floor((i * timed.length) / Math.min(CLICKS, timed.length))]!)));
  const load = [loadavg()[0]!];
  const took: number[] = [];
  const off: number[] = [];
  for (const item of chosen) {
    // A string, so tsx's transform (its __name helper) stays out of the page.
    await page.evaluate(`(() => {
      document.querySelectorAll('audio').forEach((audio) => audio.pause());
      let clicked = null;
      window.__played = new Promise((resolve) => {
        document.addEventListener('click', (event) => (clicked = event.timeStamp), { capture: true, once: true });
        document.addEventListener('playing', (event) => resolve({ ms: performance.now() - clicked, at: event.target.currentTime }), { capture: true, once: true });
      });
    })()`);
    await panel.locator('.note-items > li').filter({ hasText: item.text }).first().locator('.note-time').click();
    const played = (await page.evaluate('window.__played')) as { ms: number; at: number };
    took.push(played.ms);
    off.push(Math.abs(played.at - item.startMs! / 1000));
    load.push(loadavg()[0]!);
  }
  await page.evaluate(() => document.querySelectorAll('audio').forEach((audio) => audio.pause()));
  const sorted = [...took].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const where = chosen.map((item) => `${(item.startMs! / 3_600_000).toFixed(2)} h`).join(', ');
  return [
    `notes: a cited item's time link clicked → the audio's \`playing\` event, ${took.length} clicks (${where} into the recording): median ${ms(median)}, worst ${ms(sorted.at(-1)!)} (target ≤ 500 ms); played from within ${(Math.max(...off) * 1000).toFixed(0)} ms of the cited row's start (target ±100 ms); load ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
  ];
}
