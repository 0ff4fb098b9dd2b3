import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import setup from '../../setup/shared-chromium';
import { SHARED_CHROMIUM, launchChromium } from '../../support/browser';

// A worker's shared Chromium, set up inside this file's temp folder as the e2e project's global
// setup does inside the run's: each file connects, and its close ends only what it opened.
describe("the e2e files' shared Chromium", () => {
  let teardown: () => Promise<void>;
  const saved = process.env[SHARED_CHROMIUM];
  beforeAll(async () => {
    // A run's e2e setup has set it for every worker: this file sets up a Chromium of its own.
    delete process.env[SHARED_CHROMIUM];
    teardown = await setup();
  }, 30_000);
  afterAll(() => {
    if (saved !== undefined) process.env[SHARED_CHROMIUM] = saved;
  });

  it('is connected to, not launched: a file gets contexts of its own, and its close leaves the browser to the next file', async () => {
    const first = await launchChromium();
    // The shared browser's own context is there before the file opens any.
    expect(first.contexts()).toHaveLength(1);
    const page = await first.newPage();
    await page.goto('data:text/html,<p lang="en">first file</p>');
    await first.close();

    const second = await launchChromium();
    expect(second.contexts()).toHaveLength(1);
    const next = await second.newPage();
    await next.goto('data:text/html,<p lang="en">second file</p>');
    await expect(next.locator('p').textContent()).resolves.toBe('second file');
    await second.close();
  });

  it('is closed at the end of the run and leaves nothing in its temp folder', async () => {
    await teardown();
    expect(process.env[SHARED_CHROMIUM]).toBeUndefined();
    expect(readdirSync(tmpdir())).toEqual([]);
  });
});
