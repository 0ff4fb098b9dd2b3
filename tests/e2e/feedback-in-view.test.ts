import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, dropFiles, openApp, openTranscribe, queueRow, setPlan, useKey } from '../support/transcription';

// Feedback where the eye is (issue 41): a file refused while the Transcribe page is scrolled
// down was said only in the queue's row at the page's top, out of sight.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
});

afterAll(async () => {
  await h?.close();
});

/** Whether the element's box lies wholly inside the window. */
async function inView(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const size = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

describe('a refused drop on a scrolled page', () => {
  it('is said in view, and in the queue', async () => {
    const { page, fake } = h;
    await useKey(page, fake.keys.pro);
    await setPlan(page, 'Pro');
    await openTranscribe(page);
    await page.setViewportSize({ width: 800, height: 600 });
    const screen = page.getByRole('main');
    // Down to the options' end, as someone setting them up before dropping.
    await screen.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    expect(await screen.evaluate((element) => element.scrollTop), 'the page scrolled').toBeGreaterThan(0);

    const text = new TextEncoder().encode('Minutes of the weekly sync, not a recording. '.repeat(50));
    await dropFiles(page, screen, [{ name: 'minutes.mp3', bytes: text }]);
    const said = page.getByRole('alert').filter({ hasText: /minutes\.mp3 cannot be transcribed: its content is not a known audio format/ });
    await said.first().waitFor({ state: 'attached' });
    const anyInView = async () => (await Promise.all((await said.all()).map((alert) => inView(page, alert)))).includes(true);
    await expect.poll(anyInView, { message: 'the refusal is in view without scrolling' }).toBe(true);
    expect(await said.count(), 'said twice: in view, and in its queue row').toBe(2);
    await screenshot(page, 'transcription-refused-in-view-800');

    // "Show in queue" brings the row into view with its actions, and the notice stands down.
    await page.getByRole('button', { name: 'Show in queue' }).click();
    const row = queueRow(page, 'minutes.mp3');
    await expect.poll(() => inView(page, row)).toBe(true);
    await expect.poll(() => said.count()).toBe(1);
    await row.getByRole('button', { name: 'Remove minutes.mp3 from the queue' }).click();
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('on the Free plan is said in view too, not only at the top of Transcribe', async () => {
    const { page } = h;
    await setPlan(page, 'Free');
    await openTranscribe(page);
    await page.setViewportSize({ width: 800, height: 600 });
    const screen = page.getByRole('main');
    await screen.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    expect(await screen.evaluate((element) => element.scrollTop), 'the page scrolled').toBeGreaterThan(0);

    await dropFiles(page, screen, [{ name: 'standup.wav', bytes: new Uint8Array(64) }]);
    const said = page.getByRole('alert').filter({ hasText: 'Nothing was added: transcription needs the Pro plan (standup.wav).' });
    await said.first().waitFor({ state: 'attached' });
    const anyInView = async () => (await Promise.all((await said.all()).map((alert) => inView(page, alert)))).includes(true);
    await expect.poll(anyInView, { message: 'the Free plan\'s refusal is in view without scrolling' }).toBe(true);
    await screenshot(page, 'transcription-free-drop-in-view-800');

    // Dismissed over the page, it stays said at the top of Transcribe.
    await said.last().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => said.count()).toBe(1);
    await setPlan(page, 'Pro');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
