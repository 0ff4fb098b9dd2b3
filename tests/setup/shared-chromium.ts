// Chromium for the e2e files of a run (the e2e projects' globalSetup, after the run's temp
// folder is made: profiles and temp files land there and are judged by the run's check). A
// launch costs about a second and a half more than a connection (docs/testing.md);
// launchChromium() connects over the DevTools protocol, and each file still gets contexts of its
// own, disposed when it disconnects. One browser per worker, not one for the run: two files
// connected to one browser at once each attach to the other's pages, and the file chooser one
// of them intercepts then went to the other (seen: Ctrl+O and Space on the picker getting no
// "filechooser" within 10 s, only with two files running). A worker runs one file at a time,
// so a browser never has two files. Files that need other flags (the fake microphone's) launch their own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, SHARED_CHROMIUM } from '../support/browser';

/**
 * Chromium writes the port it chose from its own server's thread, apart from the pipe Playwright
 * waits on: on a loaded machine the file can come a moment after the launch returns.
 */
async function devToolsPort(profile: string): Promise<string> {
  for (let waited = 0; ; waited += 50) {
    try {
      return readFileSync(join(profile, 'DevToolsActivePort'), 'utf8');
    } catch (error) {
      if (waited >= 10_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function launchOne() {
  const profile = mkdtempSync(join(tmpdir(), 'shared-chromium-'));
  // A persistent context is what lets the profile folder be ours, where Chromium writes the port it chose.
  const launched = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_EXECUTABLE,
    // Port 0: a free one, on 127.0.0.1 only, for this run's files.
    args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
  });
  const [port, path] = (await devToolsPort(profile)).split('\n');
  return {
    endpoint: `ws://127.0.0.1:${port}${path}`,
    async close() {
      await launched.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export default async function setup(project?: TestProject) {
  // Both e2e projects (e2e and e2e-serial) list this setup: the first launches, the second finds them running.
  if (process.env[SHARED_CHROMIUM]) return async () => {};
  const workers = Math.max(1, project?.globalConfig.maxWorkers ?? 1);
  const browsers = await Promise.all(Array.from({ length: workers }, launchOne));
  // Files are forked after the global setups, so they inherit it: worker N (VITEST_POOL_ID) takes the Nth.
  process.env[SHARED_CHROMIUM] = browsers.map((browser) => browser.endpoint).join(' ');
  return async () => {
    delete process.env[SHARED_CHROMIUM];
    await Promise.all(browsers.map((browser) => browser.close()));
  };
}
