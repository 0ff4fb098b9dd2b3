import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { audioFixtures } from '../support/audio';
import { backToChat } from '../support/chat';
import { openWithFakeMicrophone, silentWav } from '../support/fake-mic';
import { setPlan } from '../support/transcription';
import { ms, percentile } from './text';

const PRESSES = 25;

/**
 * Issue #27, item 6: a press of the composer's microphone button has capture running within
 * 100 ms, so the first words are not cut off. Measured in Debian's Chromium with its fake
 * microphone (a silent WAV, so no press sends anything), from the press's own event time to the
 * level meter showing in the page, which happens when the worklet's first level (after one render
 * quantum) has come out: the capture is running and every sample since has been kept. The fake
 * device opens faster than a real one; the rest (the page, the AudioContext, the worklet) is the app's.
 */
export async function dictationBench(): Promise<string[]> {
  const audio = await audioFixtures();
  const quiet = await silentWav(audio, 'quiet.wav', 5);
  const h = await openWithFakeMicrophone(quiet, { height: 800, ready: (page) => page.getByRole('heading', { name: 'New chat' }).waitFor() });
  try {
    const { page } = h;
    // No key is needed (silence is never sent): only the plan, which the page and main both check.
    await setPlan(page, 'Pro');
    await backToChat(page);
    const times: number[] = [];
    for (let i = 0; i < PRESSES; i++) times.push(await pressToRunning(page));
    const [first, ...rest] = times;
    return [
      `dictation: press → capture running (level meter shown) over ${PRESSES} presses: median ${ms(percentile(times, 50))}, ` +
        `p95 ${ms(percentile(times, 95))}, slowest ${ms(Math.max(...times))}, first press ${ms(first!)} ` +
        `(the rest: p95 ${ms(percentile(rest, 95))}) (target p95 < 100 ms; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)})`,
    ];
  } finally {
    await h.close();
    await audio.close();
  }
}

/** One press and release; the time from the pointerdown event to the meter's arrival, in the page's clock. */
async function pressToRunning(page: Page): Promise<number> {
  const measured = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let pressedAt = 0;
        document.addEventListener('pointerdown', (event) => (pressedAt = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!pressedAt || !document.querySelector('[role="meter"][aria-label="Microphone level"]')) return;
          observer.disconnect();
          resolve(performance.now() - pressedAt);
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }),
  );
  const button = page.getByRole('button', { name: 'Hold to dictate' });
  await button.hover();
  await page.mouse.down();
  const took = await measured;
  await page.mouse.up();
  // Silence: nothing is sent, and the composer says so until dismissed.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Dismiss' }).waitFor({ state: 'detached' });
  return took;
}
